import { Injectable, Logger } from '@nestjs/common';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Port for mail delivery. No mail relay is part of this deployment yet; an SMTP adapter plugs in here. */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

/** Default adapter: writes the message to the log, so an operator (or a developer) can follow the link. */
@Injectable()
export class LoggingEmailSender implements EmailSender {
  private readonly logger = new Logger('Email');
  async send(email: OutgoingEmail): Promise<void> {
    this.logger.log(`To ${email.to}: ${email.subject}\n${email.text}`);
  }
}
