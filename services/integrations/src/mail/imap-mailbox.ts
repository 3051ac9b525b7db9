// The IMAP mailbox of CODES_IMAP_URL (imap://user:pass@host:143/INBOX, imaps:// for TLS): connection
// options for imapflow, the same URL with its password masked, and error texts scrubbed of the password.

export interface ImapMailbox {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  /** The folder to read, INBOX unless the URL names another. */
  folder: string;
  /** For display: the URL with the password replaced by ***. */
  display: string;
}

export function parseImapUrl(url: string): ImapMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  if (!secure && parsed.protocol !== 'imap:') throw new Error('CODES_IMAP_URL must start with imap:// or imaps://');
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const folder = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';
  const port = parsed.port ? Number(parsed.port) : secure ? 993 : 143;
  const who = user ? `${encodeURIComponent(user)}${password ? ':***' : ''}@` : '';
  return {
    host: parsed.hostname,
    port,
    secure,
    user,
    password,
    folder,
    display: `${parsed.protocol}//${who}${parsed.hostname}:${port}/${folder}`,
  };
}

/** Error text fit for logs and the Settings screen: never the password. */
export function scrubSecret(message: string, mailbox: Pick<ImapMailbox, 'password'>): string {
  if (!mailbox.password) return message;
  return message.split(mailbox.password).join('***').split(encodeURIComponent(mailbox.password)).join('***');
}
