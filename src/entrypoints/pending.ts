// Temporary: entry points whose issue is still open. Each open issue replaces its own names here with the
// real implementation; this file is deleted when the last one lands.
export function pending(name: string): () => never {
  return () => {
    throw new Error(`${name} is not available in this build yet.`);
  };
}
