// File storage moved to providers/storage (local folder or S3); older imports keep working.
export { localFileStorage, type FileStorage, type StoredFile } from '../../providers/storage';
