import { z } from 'zod';
import { HTTP_URL, SUBSCRIBE_RULE } from './documented-rules.ts';
import { checkMultiField, givesIdentifier } from './multi-field.ts';
import { personEnrichShape } from './person-enrich.ts';
import { webhookUrl } from './webhook-url.ts';

/** The most subscriptions one account may hold (docs/decisions.md, "Person subscriptions"). */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10_000;

/** The document says webhookUrl is required and a URL; the refinement below says so in the 400 of a request without. */
const requiredWebhookUrl = webhookUrl.meta({ anyOf: [{ type: 'string', maxLength: 2048, ...HTTP_URL }] });

export const PersonSubscribeRequest = z
  .object({
    ...personEnrichShape,
    ownRecords: z
      .boolean()
      .nullish()
      .describe("true: subscribe to every person of the account's own records (identity.map), for their merges and splits; no query then"),
    webhookUrl: requiredWebhookUrl,
  })
  .superRefine((body, ctx) => {
    if (!body.ownRecords) checkMultiField(body, ctx);
    else if (givesIdentifier(body)) ctx.addIssue({ code: 'custom', path: ['ownRecords'], message: 'give either a person query or ownRecords, not both' });
    if (!body.webhookUrl) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: 'required: where the changes of the person are POSTed' });
  })
  .meta({ id: 'PersonSubscribeRequest', ...SUBSCRIBE_RULE, required: ['webhookUrl'] });
export type PersonSubscribeRequest = z.infer<typeof PersonSubscribeRequest>;

export const PersonSubscription = z
  .object({
    subscriptionId: z.uuid(),
    personId: z.string().nullable().describe("The account's person id of the subscribed person; null for a subscription to the account's own records"),
    ownRecords: z.literal(true).optional().describe("A subscription to every person of the account's own records"),
    webhookUrl: z.string(),
    createdAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'PersonSubscription' });

export const PersonUnsubscribeRequest = z.object({ subscriptionId: z.uuid() }).meta({ id: 'PersonUnsubscribeRequest' });

export const PersonSubscriptionsRequest = z
  .object({
    after: z.uuid().nullish().describe('The last subscriptionId of the previous page'),
    limit: z.number().int().min(1).max(1000).nullish().describe('Subscriptions per page (100 unless given)'),
  })
  .meta({ id: 'PersonSubscriptionsRequest' });
export type PersonSubscriptionsRequest = z.infer<typeof PersonSubscriptionsRequest>;

export const PersonSubscriptionsResponse = z
  .object({
    subscriptions: z.array(PersonSubscription),
    next: z.uuid().nullable().describe('Pass as `after` for the next page; null on the last'),
  })
  .meta({ id: 'PersonSubscriptionsResponse' });

/** The JSON a subscriber's webhook receives when the person's data changes. */
export type PersonChanged = { subscriptionId: string; changedAt: string; person: unknown };

/**
 * The JSON a subscriber's webhook receives when the identity graph merges the person into another, or splits it
 * (docs/identity-graph.md, "Change feed"): `type` says which; the person ids are the account's own, before and after.
 */
export type PersonGraphChanged = {
  type: 'person.merged' | 'person.split';
  subscriptionId: string;
  changedAt: string;
  personIdsBefore: string[];
  personIdsAfter: string[];
};
