import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { EmailFacts } from '../../schemas/v2/email-verification.ts';

function messageOf(facts: EmailFacts): string {
  if (!facts.validSyntax) return 'Invalid email address';
  if (facts.deliverable === false) return 'The domain does not receive email';
  if (facts.disposable) return 'Disposable email address';
  if (facts.deliverable === null) return 'Deliverability unknown: DNS did not answer in time';
  return 'Valid email address';
}

/**
 * The worker's findings in the v2 verification structure (the client contract's section 3, Go's old model):
 * the address under `emails`, with links to the v2 lookups that know it; an address whose deliverability DNS
 * could not tell is also listed in `unknownEmails`. Other answers (202 queued) keep their body.
 */
export function v2VerificationAnswer(reply: OperationReply, address: string, requestId: string): OperationReply {
  if (reply.status !== 200) return reply;
  const facts = reply.body as EmailFacts;
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? null : address.slice(at + 1).toLowerCase();
  return {
    status: 200,
    body: {
      status: 200,
      requestId,
      unknownEmails: facts.validSyntax && facts.deliverable === null ? [address] : [],
      failedEmails: [],
      emails: {
        [address]: {
          message: messageOf(facts),
          address,
          username: at < 0 ? null : address.slice(0, at),
          domain,
          corrected: false,
          sendSafely: facts.validSyntax && facts.deliverable === true && !facts.disposable,
          attributes: {
            validSyntax: facts.validSyntax,
            deliverable: facts.deliverable,
            // Only an SMTP probe tells a catch-all domain, and Kith does not probe.
            catchall: null,
            risky: facts.disposable,
            disposable: facts.disposable,
          },
          person: facts.person ? `/v2/person.json?email=${encodeURIComponent(address)}` : null,
          company: facts.company && domain ? `/v2/company/lookup.json?domain=${encodeURIComponent(domain)}` : null,
        },
      },
    },
  };
}
