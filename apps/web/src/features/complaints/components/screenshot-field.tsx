import { MAX_SCREENSHOT_BYTES, SCREENSHOT_TYPES } from '@erti/contracts';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Why a chosen file cannot be sent (a message id), checked before it is read (the server checks its bytes again). */
function problemWith(file: File): string | undefined {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return 'complaints.screenshot.type';
  if (file.size > MAX_SCREENSHOT_BYTES) return 'complaints.validation.screenshotSize';
  return undefined;
}

/** The optional Transaction Screenshot: a PNG, JPEG or WebP of at most 1 MB, handed on as a data URL. */
export function ScreenshotField(props: { onChange: (dataUrl: string | undefined) => void; error?: string }) {
  const { formatMessage } = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [chosen, setChosen] = useState<string>();

  const clear = () => {
    if (input.current) input.current.value = '';
    setChosen(undefined);
    props.onChange(undefined);
  };

  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return clear();
    const reason = problemWith(file);
    if (reason) {
      clear();
      setProblem(formatMessage({ id: reason }));
      return;
    }
    try {
      props.onChange(await readAsDataUrl(file));
      setChosen(file.name);
    } catch {
      clear();
      setProblem(formatMessage({ id: 'complaints.screenshot.unreadable' }));
    }
  };

  return (
    <FormField
      label={formatMessage({ id: 'complaints.screenshot.label' })}
      optional
      hint={formatMessage({ id: 'complaints.screenshot.hint' })}
      error={problem ?? props.error}
    >
      {(control) => (
        <div className="flex flex-wrap items-center gap-3">
          <input
            {...control}
            ref={input}
            type="file"
            accept={SCREENSHOT_TYPES.join(',')}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700`}
          />
          {chosen && (
            <button
              type="button"
              onClick={clear}
              className="text-sm font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {formatMessage({ id: 'complaints.screenshot.remove' }, { file: chosen })}
            </button>
          )}
        </div>
      )}
    </FormField>
  );
}
