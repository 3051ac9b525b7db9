// services/integrations: clients for third-party APIs (TikTok, the verification-code mailbox, ...). Their local fakes for tests live in
// services/testing (`@tracker/testing`).
export {
  sendTiktokEvent,
  buildEventPayload,
  TIKTOK_EVENT_TRACK_PATH,
  TIKTOK_TIMEOUT_MS,
  type SendTiktokEventInput,
  type TiktokEventResult,
  type TiktokWebEvent,
} from './tiktok/events-api';
export { parseCodeMail, UnreadableMailError, type CodeMail } from './mail/parse-code-mail';
export { parseImapUrl, type ImapMailbox } from './mail/imap-mailbox';
export { pollImapMailbox, scrubSecret, type PollImapOptions, type PollResult } from './mail/poll-imap-mailbox';
export { recordCodeMails, recordMailPoll, type MailOutcome, type MailSourceKind } from './mail/record-code-mails';
export { codesRetentionCutoff, deleteExpiredCodes, readCodesRetentionDays } from './mail/codes-retention';
export { watchImapMailbox, type MailboxWatch } from './mail/watch-imap-mailbox';
