import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES } from '../../../contract/limits.ts';
import '../../components/ui/form-fields.css';
import './photo-input.css';

interface PhotoInputProps {
  id: string;
  /** The newly picked photo, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** What shows while no new photo is picked (the stored photo on Update Product). */
  current?: ReactNode;
}

const KINDS = 'JPEG, PNG, WebP, GIF or AVIF';
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Why a file cannot be the photo, or null when it can (the server checks again). */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a photo the shop can use. Choose a ${KINDS} image.`;
  }
  if (file.size > PHOTO_MAX_BYTES) {
    return `“${file.name}” is ${formatSize(file.size)}; photos can be at most ${MAX_MB} MB. Choose a smaller image.`;
  }
  return null;
}

/** The preview of a picked file: an object URL made for it and revoked when it is replaced or dropped. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Photo upload: image files only, at most 20 MB (checked here with a clear message), with a preview. */
export function PhotoInput({ id, file, onChange, current }: PhotoInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewUrl(file);
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="photo-input">
      <div className="photo-input__preview">
        {file && preview ? (
          <img src={preview} alt={`Preview of the new photo (${file.name})`} />
        ) : (
          (current ?? <div className="photo-placeholder">No photo yet</div>)
        )}
      </div>
      <input
        ref={input}
        id={id}
        name="photo"
        type="file"
        accept="image/*"
        className="visually-hidden"
        aria-describedby={[hintId, problem ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          // Cleared, so picking the same file again still counts as a change.
          event.target.value = '';
          if (!picked) return;
          const found = photoProblem(picked);
          setProblem(found);
          if (!found) onChange(picked);
        }}
      />
      <div className="photo-input__actions">
        <label htmlFor={id} className="btn btn--secondary photo-input__pick">
          {file || current ? 'Change Photo' : 'Upload Photo'}
        </label>
        {file ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              onChange(null);
              setProblem(null);
              input.current?.focus();
            }}
          >
            {current ? 'Keep current photo' : 'Remove photo'}
          </button>
        ) : null}
      </div>
      <p className="field__hint" id={hintId}>
        {file ? `${file.name} · ${formatSize(file.size)}` : `${KINDS}, up to ${MAX_MB} MB.`}
      </p>
      {problem ? (
        <p className="field__error" id={errorId} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
