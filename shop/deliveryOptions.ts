/** The delivery options of S0 §3 as the server answers them: pickup locations and postage options. */
import { z } from 'zod';

export const PickupLocation = z.object({
  /** The first 24 characters name the store; a last group of twelve 1s is its express twin. */
  uuid: z.string(),
  description: z.string(),
  /** Empty when the store has no region (hidden in the regional variant). */
  pickupregion: z.string(),
  pickupcity: z.string(),
  pickupaddress1: z.string(),
  pickupaddress2: z.string(),
  pickuppostalcode: z.string(),
  price: z.number(),
  deliverytime: z.number(),
  deliverytimeunit: z.enum(['d', 'h']),
  /** Added by the server side (issue 34): the ISO weekdays (1 Monday … 7 Sunday) the store works. */
  openingdays: z.array(z.number()).optional(),
  /** Added by the server side (issue 34): the day an order placed now is ready, YYYY-MM-DD (shop/deliveryDates.ts). */
  readydate: z.string().optional(),
});
export type PickupLocation = z.infer<typeof PickupLocation>;

export const PostageOption = z.object({
  uuid: z.string(),
  name: z.string(),
  price: z.number(),
  /** Business days. */
  deliverytime: z.number(),
  /** Added by the server side (issue 34): the day an order posted now arrives, YYYY-MM-DD. */
  deliverydate: z.string().optional(),
});
export type PostageOption = z.infer<typeof PostageOption>;

export const EXPRESS_SUFFIX = '111111111111';
export const isExpress = (uuid: string) => uuid.length === 36 && uuid.slice(24) === EXPRESS_SUFFIX;
/** The store a location belongs to: express and standard share it. */
export const storeKey = (uuid: string) => uuid.slice(0, 24);
