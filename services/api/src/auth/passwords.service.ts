import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes). The whole password is hashed: no
 * truncation, any script. A dummy verify keeps the answer time of an unknown e-mail the same.
 */
@Injectable()
export class PasswordsService {
  private readonly dummy = argon2.hash('kort-dummy-password', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.dummy), password);
    } catch {
      return false;
    }
  }
}
