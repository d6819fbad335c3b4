/** Where an audience's gzip file is kept in blob storage: written by the audience worker, read by the download. */
export const audienceBlobKey = (accountId: string, id: string) => `audiences/${accountId}/${id}.json.gz`;
