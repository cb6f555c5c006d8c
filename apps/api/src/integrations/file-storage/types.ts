export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded documents and receipts live. Keys are made by the server (never a client's file
 * name): lower-case letters, digits, `_`, `-`, and `/` between non-empty segments.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key stored, sorted (the backup's inventory, backup/backup.ts). Anything in the folder or
   * bucket that is not a server-made key (storage-key.ts) is left out: it is not the server's.
   */
  list(): Promise<string[]>;
}
