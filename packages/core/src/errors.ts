/**
 * The one error catalogue. The server answers `{ code, msg }` with the HTTP status given here and
 * `msg` translated from `errors:<key>`; clients may translate by `code` when they have no msg.
 * Codes are grouped by domain: 1xxx generic, 2xxx accounts, 3xxx points/orders, 4xxx tasks/uploads,
 * 5xxx shell (inbox, feedback, leads, tenants).
 */
export const ERRORS = {
  badRequest: { code: 1000, status: 400 },
  unauthorized: { code: 1001, status: 401 },
  forbidden: { code: 1003, status: 403 },
  notFound: { code: 1004, status: 404 },
  conflict: { code: 1009, status: 409 },
  tooLarge: { code: 1013, status: 413 },
  tooManyRequests: { code: 1029, status: 429 },
  internal: { code: 1500, status: 500 },
  notConfigured: { code: 1503, status: 503 },

  wrongCredentials: { code: 2001, status: 400 },
  captchaFailed: { code: 2002, status: 400 },
  captchaRequired: { code: 2003, status: 400 },
  codeWrong: { code: 2004, status: 400 },
  codeExpired: { code: 2005, status: 400 },
  codeLocked: { code: 2006, status: 400 },
  resendTooSoon: { code: 2007, status: 429 },
  accountExists: { code: 2008, status: 409 },
  accountNotFound: { code: 2009, status: 400 },
  inviteCodeWrong: { code: 2010, status: 400 },
  passwordsDiffer: { code: 2011, status: 400 },
  codeSendFailed: { code: 2012, status: 502 },

  notEnoughCoins: { code: 3002, status: 402 },
  pendingOrderExists: { code: 3003, status: 409 },
  orderNotPayable: { code: 3004, status: 409 },
  paymentSignatureInvalid: { code: 3005, status: 400 },
  downgradeNotAllowed: { code: 3006, status: 409 },
  upgradeCreditTooHigh: { code: 3007, status: 409 },
  productNotPurchasable: { code: 3008, status: 400 },
  orderNotRefundable: { code: 3009, status: 409 },
  paymentProviderFailed: { code: 3010, status: 502 },
  paymentAmountMismatch: { code: 3011, status: 400 },

  generationFailed: { code: 4001, status: 500 },
  engineNotConfigured: { code: 4002, status: 503 },
  uploadTypeInvalid: { code: 4003, status: 400 },
  uploadTooLarge: { code: 4004, status: 413 },
  uploadTooSmall: { code: 4005, status: 400 },
  uploadAspectInvalid: { code: 4006, status: 400 },
  uploadResolutionTooLow: { code: 4007, status: 400 },
  maskEmpty: { code: 4008, status: 400 },
  /** A refinement whose strokes change nothing in the user's cutout (refused before any work). */
  maskNoChange: { code: 4085, status: 400 },
  /** A refinement mask that is not a PNG of the input's size (checked from its header, before decoding). */
  maskSizeInvalid: { code: 4086, status: 400 },
  hdNeedsMembership: { code: 4009, status: 403 },
  downloadBusy: { code: 4010, status: 429 },
  taskNotStoppable: { code: 4011, status: 409 },
  customColorNeedsMembership: { code: 4012, status: 403 },
  batchNeedsMembership: { code: 4013, status: 403 },
  taskInputInvalid: { code: 4014, status: 400 },
  houseLookNeedsMembership: { code: 4030, status: 403 },
  /** The starter model library needs a provider that makes figures (params.keys: the settings that would). */
  modelLibraryNeedsKey: { code: 4031, status: 503 },
  modelLibraryBuildRunning: { code: 4032, status: 409 },

  feedbackImageInvalid: { code: 5001, status: 400 },
  oldPasswordWrong: { code: 5002, status: 400 },
  accountBoundElsewhere: { code: 5003, status: 409 },

  // 6xxx marketing and text engines (docs/marketing.md)
  chatEngineNotConfigured: { code: 6001, status: 503 },
  // 81xx rewrite tools (docs/rewrite.md)
  rewriteLinkBlocked: { code: 8101, status: 422 },
  rewriteLinkRefused: { code: 8102, status: 400 },
  rewriteLinkTooLarge: { code: 8103, status: 413 },
  rewriteLinkUnreachable: { code: 8104, status: 400 },
  rewriteVideoType: { code: 8105, status: 400 },
  rewriteVideoTooLong: { code: 8106, status: 400 },
  rewritePictureNeedsProduct: { code: 8107, status: 400 },
  llmAuthFailed: { code: 6002, status: 502 },
  llmRateLimited: { code: 6003, status: 503 },
  llmUnavailable: { code: 6004, status: 502 },
  llmTimeout: { code: 6005, status: 504 },
  llmUnreachable: { code: 6006, status: 502 },
  llmRequestRejected: { code: 6007, status: 502 },
  llmBadAnswer: { code: 6008, status: 502 },
  llmStreamCut: { code: 6009, status: 502 },
  // 82xx remote image engines (docs/engines.md "comfyui", "openai-images")
  imageEngineUnreachable: { code: 8201, status: 502 },
  imageEngineBusy: { code: 8202, status: 503 },
  imageEngineTimeout: { code: 8203, status: 504 },
  imageEngineRejected: { code: 8204, status: 502 },
  imageEngineFailed: { code: 8205, status: 502 },
  imageEngineNoMask: { code: 8206, status: 400 },
  imageModerationRefused: { code: 8207, status: 422 },
  imageProviderInput: { code: 8208, status: 422 },
  shoesNeedModelPicture: { code: 8209, status: 400 },
  hotspotFeedUnreachable: { code: 6010, status: 502 },
  hotspotFeedMissing: { code: 6011, status: 503 },
  contentLimitReached: { code: 6012, status: 409 },
  marketingNotStoppable: { code: 6013, status: 409 },
  importFileInvalid: { code: 6014, status: 400 },
  contentTitleTooLong: { code: 6015, status: 400 },
  contentBodyTooLong: { code: 6018, status: 400 },
  contentNothingToContinue: { code: 6016, status: 409 },
  contentVideoPlatform: { code: 6017, status: 400 },

  // 7xxx knowledge, notes and libraries (docs/knowledge.md)
  knowledgeFileType: { code: 7001, status: 400 },
  knowledgeFileUnreadable: { code: 7002, status: 400 },
  knowledgeFileEmpty: { code: 7003, status: 400 },
  knowledgeFileTooLarge: { code: 7004, status: 413 },
  linkRefused: { code: 7005, status: 400 },
  linkFetchFailed: { code: 7006, status: 502 },
  linkTimeout: { code: 7007, status: 504 },
  linkTooLarge: { code: 7008, status: 413 },
  embeddingFailed: { code: 7009, status: 502 },
  fastgptFailed: { code: 7010, status: 502 },
  knowledgeNotTrainable: { code: 7011, status: 409 },
  vipRequired: { code: 7012, status: 403 },
  // 83xx marketing agent and workbench (docs/marketing.md "Workbench and agent chat")
  agentChatNotAllowed: { code: 8301, status: 403 },
  agentChatBusy: { code: 8302, status: 409 },
  agentNotStoppable: { code: 8303, status: 409 },
  // 90xx teams and the operator console (docs/team-and-console.md)
  teamInvitationInvalid: { code: 9001, status: 400 },
  teamPoolShort: { code: 9002, status: 409 },
  teamRoleNotAllowed: { code: 9003, status: 403 },
  // issue 26: team points stay with their owner; untrusted files and media (server/src/sandbox)
  teamSelfAllocate: { code: 9010, status: 403 },
  teamReclaimTooMuch: { code: 9011, status: 409 },
  fileTooComplex: { code: 4260, status: 413 },
  fileUnreadable: { code: 4261, status: 400 },
  fileBusy: { code: 4262, status: 503 },
  apiKeyInvalid: { code: 9501, status: 401 },
  apiKeyScope: { code: 9502, status: 403 },
  openApiNeedsKey: { code: 9503, status: 401 },
  idempotencyMismatch: { code: 9504, status: 422 },
  openApiInFlight: { code: 9505, status: 429 },
  apiKeyLimit: { code: 9506, status: 409 },
  webhookUrlInvalid: { code: 9507, status: 400 },
  webhookLimit: { code: 9508, status: 409 },
  // issue 46: text compliance (docs/compliance.md)
  complianceBlocked: { code: 8450, status: 409 },
  complianceTooManyWords: { code: 8451, status: 409 },
} as const;

export type ErrorKey = keyof typeof ERRORS;

const byCode = new Map<number, ErrorKey>(Object.entries(ERRORS).map(([key, value]) => [value.code, key as ErrorKey]));

/** The catalogue key for a numeric error code, if it is one of ours. */
export function errorKeyOf(code: number): ErrorKey | undefined {
  return byCode.get(code);
}
