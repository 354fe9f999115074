// Anyone sends a photo of a grave from its page. The photo is shrunk in the browser to at most 2560 px on
// its long side (src/shared/photoShrink.ts) so that a slow phone sends about a megabyte within the request's time
// limit, and sent as multipart (field `photo`) with how far it has gone. A family's photo waits for the committee's
// approval. A failure keeps the chosen photo and offers to send it again.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, paths } from '../../api';
import { upload } from '../../api/upload';
import { fill } from '../../domain/messages/fill';
import { photosText } from '../../domain/messages/photos';
import { photosPublicText as ph } from '../../domain/messages/photosPublic';
import { publicPaths } from '../../domain/paths/publicPaths';
import { isHeic, PHOTO_ACCEPTED_TYPES, PHOTO_UPLOAD_MAX_BYTES } from '../../domain/rules/photoUpload';
import { formatNumber } from '../../domain/text/format';
import { graveName } from '../../domain/text/graveLifeText';
import type { Grave } from '../../domain/types';
import { Spinner } from '../components/Icons';
import { NotFound, isNotFound } from '../components/NotFound';
import { ErrorMessage, Loading } from '../components/Status';
import { preparePhoto, type ReadyPhoto } from '../../shared/photoShrink';
import { Link, useParams } from '../router';
import { useApi } from '../useApi';
import { pt } from '../text';
import '../pages.css';

type Phase = 'idle' | 'preparing' | 'sending';
/** `retry`: a refusal that may pass later (the server busy, too many photos for now, a server failure). */
type Problem = { kind: 'network' } | { kind: 'text'; text: string; retry?: boolean } | null;

/** A size in bytes as a visitor reads it: «١٫٢ ميجابايت», «٣٤٠ كيلوبايت». */
function bytesText(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const n = new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
    return fill(ph['photosPublic.megabytes'], { n });
  }
  return fill(ph['photosPublic.kilobytes'], { n: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
}

const percentText = (share: number) =>
  new Intl.NumberFormat('ar-EG', { style: 'percent', maximumFractionDigits: 0 }).format(share);

export default function GravePhotoPage() {
  const { graveId = '' } = useParams();
  const grave = useApi<Grave>(paths.grave(graveId));
  if (grave.state === 'loading') return <Loading page />;
  if (grave.state === 'error') {
    if (isNotFound(grave.error)) return <NotFound text={pt['public.graveNotFound']} />;
    return <ErrorMessage text={pt['public.loadError']} onRetry={grave.reload} />;
  }
  return <PhotoForm grave={grave.data} />;
}

function PhotoForm({ grave }: { grave: Grave }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [ready, setReady] = useState<ReadyPhoto | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [senderName, setSenderName] = useState('');
  const [senderPhone, setSenderPhone] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const place = graveName(grave);

  // The preview is the prepared photo (what will be sent), shown from memory and let go when replaced.
  useEffect(() => {
    if (!ready) return;
    if (ready.size === null) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(ready.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [ready]);

  useEffect(() => {
    if (sentMessage) sentHeading.current?.focus();
  }, [sentMessage]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    setReady(null);
    setFile(chosen);
    if (!chosen) return;
    if (isHeic(chosen.name, chosen.type)) {
      // Most browsers cannot draw it, and the server does not take it: said here, before anything is sent.
      setProblem({ kind: 'text', text: photosText['photo.heic'] });
    } else if (chosen.type !== '' && !chosen.type.startsWith('image/')) {
      setProblem({ kind: 'text', text: ph['photosPublic.notImage'] });
      return;
    }
    setPhase('preparing');
    try {
      const prepared = await preparePhoto(chosen);
      setReady(prepared);
      if (prepared.blob.size > PHOTO_UPLOAD_MAX_BYTES) setProblem({ kind: 'text', text: photosText['photo.tooLarge'] });
    } finally {
      setPhase('idle');
    }
  }

  async function send() {
    if (!file || !ready) {
      setProblem({ kind: 'text', text: ph['photosPublic.chooseFirst'] });
      fileInput.current?.focus();
      return;
    }
    setPhase('sending');
    setProgress(0);
    setProblem(null);
    const form = new FormData();
    if (senderName.trim()) form.append('senderName', senderName.trim());
    if (senderPhone.trim()) form.append('senderPhone', senderPhone.trim());
    // The file last: the server reads the fields before it, as they stream.
    form.append('photo', ready.blob, ready.name);
    try {
      const answer = await upload<{ message: string }>(paths.gravePhotos(grave._id), {
        form,
        onProgress: (share) => setProgress(share),
      });
      setSentMessage(answer?.message ?? photosText['photo.sentPending']);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, String(error), null);
      setProblem(
        apiError.status === 0
          ? { kind: 'network' }
          : {
              kind: 'text',
              text: fill(ph['photosPublic.serverError'], { message: apiError.serverMessage ?? apiError.message }),
              retry: apiError.status === 429 || apiError.status >= 500,
            },
      );
    } finally {
      setPhase('idle');
      setProgress(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'idle') void send();
  };

  const another = () => {
    setSentMessage(null);
    setFile(null);
    setReady(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  if (sentMessage) {
    return (
      <section aria-labelledby="photo-sent-heading">
        <h1 id="photo-sent-heading" tabIndex={-1} ref={sentHeading}>
          {ph['photosPublic.sentHeading']}
        </h1>
        <p className="message message-success" role="status">
          {sentMessage}
        </p>
        <div className="follow-actions">
          <button type="button" className="button button-secondary" onClick={another}>
            {ph['photosPublic.another']}
          </button>
          <Link className="button" to={publicPaths.grave.href(grave._id)}>
            {ph['photosPublic.backToGrave']}
          </Link>
        </div>
      </section>
    );
  }

  const busy = phase !== 'idle';
  return (
    <section aria-labelledby="photo-heading">
      <h1 id="photo-heading">{ph['photosPublic.pageHeading']}</h1>
      <p>{fill(ph['photosPublic.intro'], { grave: place })}</p>
      <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="photo-heading">
        {/* The browser's own file button speaks the phone's language and is small; this one is the site's. The field
            stays the real control (its label is the button), only drawn out of sight. */}
        <div className="field file-pick">
          <input
            ref={fileInput}
            id={`${id}-photo`}
            name="photo"
            type="file"
            className="visually-hidden"
            accept={PHOTO_ACCEPTED_TYPES.join(',')}
            aria-describedby={`${id}-photo-hint`}
            disabled={phase === 'sending'}
            onChange={(event) => void choose(event)}
          />
          <label htmlFor={`${id}-photo`} className="button button-secondary">
            {file ? ph['photosPublic.chooseAnother'] : ph['photosPublic.choose']}
          </label>
          <p className="field-hint" id={`${id}-photo-hint`}>
            {ph['photosPublic.formats']}
          </p>
        </div>
        {phase === 'preparing' && (
          <p className="loading" role="status">
            <Spinner />
            <span>{ph['photosPublic.preparing']}</span>
          </p>
        )}
        {ready && preview && (
          <figure className="photo-preview">
            <img
              src={preview}
              alt={ph['photosPublic.preview']}
              width={ready.size?.width}
              height={ready.size?.height}
            />
            <figcaption className="field-hint">
              {fill(ph['photosPublic.willSend'], { size: bytesText(ready.blob.size) })}
            </figcaption>
          </figure>
        )}
        <fieldset>
          <legend>{ph['photosPublic.senderHeading']}</legend>
          <p className="field-hint">{ph['photosPublic.senderHint']}</p>
          <div className="field">
            <label htmlFor={`${id}-senderName`}>{ph['photosPublic.senderName']}</label>
            <input
              id={`${id}-senderName`}
              name="senderName"
              autoComplete="name"
              maxLength={100}
              value={senderName}
              onChange={(e) => setSenderName(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-senderPhone`}>{ph['photosPublic.senderPhone']}</label>
            <input
              id={`${id}-senderPhone`}
              name="senderPhone"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              inputMode="tel"
              value={senderPhone}
              onChange={(e) => setSenderPhone(e.target.value)}
            />
          </div>
        </fieldset>
        <button type="submit" className="button" disabled={busy} aria-busy={phase === 'sending'}>
          {phase === 'sending' && <Spinner />}
          {phase === 'sending'
            ? progress !== null && progress > 0
              ? fill(ph['photosPublic.sendingPercent'], { percent: percentText(progress) })
              : ph['photosPublic.sending']
            : ph['photosPublic.submit']}
        </button>
        <div aria-live="polite">
          {problem && (
            <div className="message message-error" role="alert">
              <p style={{ margin: 0 }}>
                {problem.kind === 'network' ? ph['photosPublic.networkError'] : problem.text}
              </p>
              {(problem.kind === 'network' || problem.retry) && (
                <button
                  type="button"
                  className="button button-secondary"
                  style={{ marginTop: '0.5rem' }}
                  disabled={busy}
                  onClick={() => void send()}
                >
                  {ph['photosPublic.retry']}
                </button>
              )}
            </div>
          )}
        </div>
      </form>
      <p>
        <Link to={publicPaths.grave.href(grave._id)}>{ph['photosPublic.backToGrave']}</Link>
      </p>
    </section>
  );
}
