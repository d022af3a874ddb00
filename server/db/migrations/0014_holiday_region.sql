-- Where a portal's calendars take their public holidays from (issue 34): null is its language's default (shop/holidays.ts).
ALTER TABLE "portals" ADD COLUMN "holiday_region" text;