import { z } from 'zod';

/** Field shapes that person and company records share (docs/person-records.md, docs/company-records.md). */
export const text = z.string().nullish();

/** A value with a label, as emails, phones, photos and urls are given: `{value, label}`. */
export const labelled = z.looseObject({ value: z.string().min(1), label: text });

export const PostalLocation = z.looseObject({
  label: text,
  addressLine1: text,
  addressLine2: text,
  city: text,
  region: text,
  regionCode: text,
  country: text,
  countryCode: text,
  postalCode: text,
  formatted: text,
});
