/** The collection fields every permission.create must carry, as a consent form's records would fill them. */
export const CONSENT_COLLECTION = {
  policyUrl: 'https://example.org/privacy',
  termsService: 'https://example.org/terms',
  collectionMethod: 'web form',
  collectionLocation: 'https://example.org/signup',
};
