/**
 * The message catalogue of SPEC.md sections 5 and 8. The server answers with the English text
 * (the envelope's `message`); the console looks the text up here to show it in the user's
 * language (i18n key `messages.<key>`). Keys are stable identifiers, texts are the spec's words.
 */
export const MESSAGES = {
  // Validation (section 5)
  enterId: 'Please enter your ID',
  enterPassword: 'Please enter your Password',
  enterKeywords: 'Please enter keywords',
  enterContentName: 'Please enter content name',
  selectDistributionCountry: 'Please select distribution country',
  selectDeploymentCountry: 'Please select deployment country',
  uploadFile: 'Please upload the file',
  enterStoreCode: 'Please enter the store code (4 digits)',
  enterStoreName: 'Please enter the store name',
  selectType: 'Please select the type',
  enterValue: 'Please enter the value',
  enterNameEn: 'Please enter the name in EN',
  enterNameJp: 'Please enter the name in JP',
  enterNameCn: 'Please enter the name in CN',
  enterNameKr: 'Please enter the name in KR',
  enterNote: 'Please enter the note',
  selectTags: 'Please select tags',
  enterLiveTitle: 'Please enter the living title',
  enterLivePrompt: 'Please enter the Live Prompt',
  enterShowId: 'Please enter the bambuser showId',
  invalidLiveStationUrl: 'invalid LiveStation url',
  invalidWidth: 'invalid width',
  invalidHeight: 'invalid height',
  // Defaults per call (section 8)
  contentGetFailed: 'Failed to achieve contents',
  contentPostFailed: 'Failed to register content',
  contentPutFailed: 'Failed to update content',
  contentDeleteFailed: 'Failed to delete content',
  playerGetFailed: 'Failed to achieve players',
  playerPostFailed: 'Failed to issue PIN',
  playerPutFailed: 'Failed to edit note',
  playerDeleteFailed: 'Failed to delete player',
  scheduleGetFailed: 'Failed to achieve schedules',
  schedulePostFailed: 'Failed to set schedule',
  schedulePutFailed: 'Failed to update schedule',
  scheduleDeleteFailed: 'Failed to delete schedule',
  loginFailed: 'Incorrect ID or password. Login failed',
  logoutFailed: 'Failed to logout',
  registrationGetFailed: 'Failed to achieve registration',
  registrationPostFailed: 'Failed to register',
  unexpectedError: 'Unexpected error has occurred',
  tagTypeInUse: 'Failed. Please delete tag of the type first.',
  // Tags: messages of our own where the spec names none
  tagValueTaken: 'A tag with this value already exists for this type',
  tagUnknownType: 'Unknown tag type. Choose STORE_TYPE, DEVICE_TYPE, DEVICE_TAG or a device tag category',
  tagCategoryMissing: 'The chosen type does not name an existing tag category',
  tagPresetNotDeletable: 'Preset tags cannot be deleted',
  tagPresetFixed: 'The type and value of a preset tag cannot be changed',
  tagTextTooLong: 'The text is too long (value and names: at most 200 characters, note: at most 1000)',
  tagInvalidCursor: 'The list position (endCursor) is not valid',
  noMatchingRecord: 'There is no record that matches the filter conditions',
  noWaitingPlayer: 'There is no record. Please confirm that the player is ready to be registered',
  uploadBadExtension: 'The specified file cannot be uploaded due to incorrect extension',
  uploadTooLarge: 'The specified file cannot be uploaded because it exceeds 400MB',
  // Success (section 8)
  uploadComplete: 'File upload is complete',
  liveRegistered: 'Live content registered successfully',
  playerDeleted: 'Player has been deleted',
  playerRegistered: 'Player registration is complete',
  // Messages of our own where the spec names none
  sessionRequired: 'Please sign in to continue',
  forbidden: 'You do not have permission for this action',
  notFound: 'The requested item was not found',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again',
  invalidRequest: 'The request is not valid',
  invalidTimeZone: 'Please select a time zone of the deployment country',
  // Players: messages of our own where the spec names none
  playerAlreadyPaired: 'A player with this serial number is already registered and paired',
  playerSaved: 'The player has been saved',
  floorMapNotPdf: 'The floor map must be a PDF file',
  floorMapTooLarge: 'The floor map cannot be uploaded because it exceeds 20MB',
  floorMapUploaded: 'The floor map has been uploaded',
  ssoNotConfigured: 'Single sign-on is not configured on this server. Please sign in with your ID and password',
  ssoFailed: 'Single sign-on failed: the answer of the identity provider was not accepted. Please try again',
  ssoExpired: 'The single sign-on has expired or was already used. Please sign in again',
  ssoNoRole: 'Your account has no valid role for this system. Please ask your administrator for access',
  ssoUnknownUser: 'Your account is not registered in this system. Please ask your administrator for access',
  ssoLocalAccount:
    'This user ID is a local account with a password: single sign-on cannot sign in as it. Please sign in with your ID and password',
  ssoWeakSignature:
    'Single sign-on failed: the identity provider signed its answer with SHA-1, which this system does not accept. Please ask your administrator',
  ssoIncompleteProfile:
    'The identity provider did not send all the details of your account (ID, region or store). Please ask your administrator',
  crossSiteRequest: 'This request did not come from the console page and was refused. Please reload the console',
  controlCharacters: 'Text must not contain control characters',
  illFormedText: 'The text contains a broken character (invalid Unicode). Please type it again',
  malformedMultipart: 'The upload form could not be read. Please choose the file and send the form again',
  // Schedules (SPEC.md section 5): messages of our own where the spec names none
  enterScheduleName: 'Please enter the schedule name',
  enterPlaylistName: 'Please enter the playlist name',
  selectSchedulePlayer: 'Please select at least one player',
  selectScheduleContent: 'Please select at least one content',
  scheduleInvalidDate: 'Please enter the date as YYYY-MM-DD',
  scheduleInvalidTime: 'Please enter the time as HH:mm',
  scheduleTimeStep: 'Please choose times in 5-minute steps',
  scheduleTimeOrder: 'The end time must be later than the start time',
  scheduleStartToday: 'The start date must be today or later',
  scheduleStartTomorrow: 'For Night delivery the start date must be tomorrow or later',
  scheduleEndBeforeStart: 'The end date must not be before the start date',
  scheduleMixedKinds: 'A schedule holds either images and movies or live streams, not both',
  scheduleDisplayPatternMismatch: 'A content does not fit the display pattern of a player',
  scheduleContentExpired: 'An expired content cannot be scheduled',
  scheduleContentProcessingFailed: 'A content whose processing failed cannot be scheduled',
  scheduleContentInUse: 'This content is used by a current or future schedule and cannot be deleted',
  // Emergency messages (issue 29 item 6): messages of our own
  emergencyEnterText: 'Please enter the message',
  emergencyTextTooLong: 'The message may be at most 500 characters',
  emergencySelectImage: 'Please select an image',
  emergencyImageUnusable: 'The image must be an image content that is ready and not expired',
  emergencySelectCountry: 'Please select at least one country',
  emergencyEndInvalid: 'Please enter when the message ends',
  emergencyEndPast: 'The end must be in the future',
  emergencyEndTooFar: 'An emergency message may last at most 7 days',
  emergencyNoPlayers: 'No player matches this selection',
  emergencyNotActive: 'This emergency message has already ended',
  // Opening hours (issue 29 item 1): messages of our own
  hoursInvalidTime: 'Please enter the time as HH:mm (a closing time may be 24:00)',
  hoursTimeOrder: 'The closing time must be later than the opening time',
  hoursOverlap: 'The opening times of a day must not overlap',
  hoursTooManyRanges: 'A day has at most 4 opening times',
  hoursDuplicateDay: 'Each day may be given only once',
  hoursTooManyExceptions: 'At most 366 exception dates',
  hoursSaved: 'The opening hours have been saved',
  hoursBulkSaved: 'The opening hours have been saved for the selected players',
} as const;

export type MessageKey = keyof typeof MESSAGES;

const byText = new Map<string, MessageKey>(Object.entries(MESSAGES).map(([key, text]) => [text, key as MessageKey]));
// The spec spells the login failure two ways; both mean the same message.
byText.set('Incorrect ID or Password. Login failed', 'loginFailed');

/** The catalogue key of a server message, if it is one of ours. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return byText.get(text);
}
