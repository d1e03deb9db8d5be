import { Injectable, Logger } from '@nestjs/common';
import { PaymentError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { AppConfig } from '../config/app-config';
import { YooKassaClient } from './yookassa/yookassa-client';

/**
 * The club's YooKassa shop, or none (YOOKASSA_SHOP_ID unset: paying is off, and a priced hour is
 * booked as a free one). One client per process; every call Kort makes to YooKassa goes through it.
 */
@Injectable()
export class YooKassaGateway {
  private readonly logger = new Logger('YooKassa');
  private readonly yookassa: YooKassaClient | null;

  constructor(config: AppConfig) {
    this.yookassa = config.yookassa
      ? new YooKassaClient({
          ...config.yookassa,
          log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ ...data }, msg),
        })
      : null;
  }

  get enabled(): boolean {
    return this.yookassa !== null;
  }

  /** The shop's client; PaymentError.Off when the install has none. */
  get client(): YooKassaClient {
    if (!this.yookassa) throw new KortError(PaymentError.Off);
    return this.yookassa;
  }
}
