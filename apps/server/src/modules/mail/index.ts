import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { createMailSender, type MailSender, type MailSenderTuning } from './sender';
import type { MailSettings } from './settings';
import type { MailTransport } from './transport';

export { fullName, isMailAddress, type MailAddress, MailAddressError } from './address';
export { enqueueMail, type OutgoingMail } from './outbox';
export type { MailSenderTuning } from './sender';
export { DEFAULT_MAIL_FROM, type MailSettings, mailSettings } from './settings';
export { emlTransport, type MailTransport, smtpTransport } from './transport';

/**
 * Runs a mail sender in `app` while it is up: started when the app is ready, stopped (its round finished)
 * and the transport closed when the app closes.
 */
export function registerMailSender(
  app: FastifyInstance,
  options: {
    db: AppDb;
    settings: MailSettings;
    transport: MailTransport;
    tuning?: MailSenderTuning | undefined;
  },
): MailSender {
  const sender = createMailSender({
    ...options.tuning,
    db: options.db,
    transport: options.transport,
    from: options.settings.from,
    log: app.log.child({ module: 'mail' }),
  });
  app.addHook('onReady', async () => {
    sender.start();
  });
  app.addHook('onClose', async () => {
    await sender.stop();
    options.transport.close();
  });
  return sender;
}
