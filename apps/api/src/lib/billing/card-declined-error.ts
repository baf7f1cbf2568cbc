import { CARD_DECLINED_MESSAGE } from '@resonant/contracts/billing';
import { HttpError } from '../http-error.ts';

/**
 * The provider declined to save a card (attach). A 402 with the one message the add-card form
 * shows; `reason` keeps the provider's own words for the log.
 */
export class CardDeclinedError extends HttpError {
  constructor(readonly reason: string) {
    super(402, CARD_DECLINED_MESSAGE);
    this.name = 'CardDeclinedError';
  }
}
