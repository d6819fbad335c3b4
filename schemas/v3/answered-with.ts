/**
 * The parameters of a validation issue whose answer is not the usual 400: the client contract names another
 * status and message for some bad input (company.enrich's 422 for a domain that is no domain name).
 */
export type AnsweredWith = { answerStatus: number; answerMessage: string };

export const answeredWith = (status: number, message: string): AnsweredWith => ({ answerStatus: status, answerMessage: message });
