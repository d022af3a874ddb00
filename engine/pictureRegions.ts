/**
 * What the picture analysis found in a picture (issue 32): faces and the most salient region.
 *
 * Boxes are fractions of the UPRIGHT (EXIF-oriented) picture's width and height, as a CropRect is,
 * so they apply to a 640 px preview and to the original alike. The analysis runs after the upload
 * (a pg-boss job); until it has run a picture has no regions and is cropped about its centre.
 */
export interface RegionBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PictureRegions {
  /** Faces the detector found, most confident first. */
  readonly faces: readonly RegionBox[];
  /** The region smartcrop found most interesting; null when it found none. */
  readonly salient: RegionBox | null;
}
