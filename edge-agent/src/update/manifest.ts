export { isSafeBundlePath, updatePublicKey, verifiedManifest } from '@kort/contracts/release-crypto';

/** `linux-arm64` on a Pi 4/5 with a 64-bit OS, `linux-x64` on a PC (and here). */
export function thisPlatform(): string {
  return `${process.platform}-${process.arch}`;
}
