// DigestPort: SHA-256 via Utilities.computeDigest, whose bytes come back signed (-128…127).
import type { DigestPort } from '../core/ports';

export const platformDigest: DigestPort = {
  sha256Hex(text) {
    const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8);
    return bytes.map((b) => (b & 255).toString(16).padStart(2, '0')).join('');
  },
};
