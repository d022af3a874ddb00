import type { Ref } from 'react';

/**
 * The hidden file input behind an Upload button (S1 §5: image/* with multiple selection): hands over
 * the picked files and clears itself, so the same pictures may be picked again. The button calls
 * `inputRef.current.click()`.
 */
export function PictureFileInput(props: {
  inputRef: Ref<HTMLInputElement>;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      accept="image/*"
      multiple
      hidden
      data-testid={props.testId}
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        event.currentTarget.value = '';
        props.onFiles(files);
      }}
    />
  );
}
