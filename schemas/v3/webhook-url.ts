import { z } from 'zod';
import { HTTP_URL } from './documented-rules.ts';

/** `webhookUrl` of the operations that can answer by webhook. */
export const webhookUrl = z.string().max(2048).meta(HTTP_URL).nullish().describe('Answer 202 at once and POST the result to this URL');

/**
 * The company operations' `webhookUrl`, and `webhoookUrl` (three o's), which is how the official Go client
 * spells it in its company requests: the two are one field (docs/decisions.md).
 */
export const companyWebhookShape = {
  webhookUrl,
  webhoookUrl: webhookUrl.describe("The official Go client's spelling of webhookUrl"),
};

/** The body with `webhoookUrl` folded into `webhookUrl` (which wins when both are given). */
export function foldWebhookAlias<T extends { webhookUrl?: string | null; webhoookUrl?: string | null }>(body: T) {
  const { webhoookUrl, ...rest } = body;
  return { ...rest, webhookUrl: rest.webhookUrl ?? webhoookUrl };
}
