import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshGallery, useUploadImage, type NewImage } from '@/features/photos/api/upload-image';
import { uploadErrorText } from '@/features/photos/components/upload-errors';

export interface UploadItem {
  key: string;
  name: string;
  state: 'sending' | 'done' | 'failed';
  /** Share of the file sent, 0 to 1. */
  progress: number;
  error?: string;
}

/** How long a sent photo's line stays in the list: long enough to be read. */
const DONE_LINGER_MS = 4_000;

let counter = 0;

/** The photos being sent, each with its progress, and the ones refused with the reason. */
export function useUploadQueue() {
  const { i18n } = useTranslation();
  const { mutateAsync: upload } = useUploadImage();
  const refresh = useRefreshGallery();
  const [items, setItems] = useState<UploadItem[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const dismiss = useCallback((key: string) => setItems((list) => list.filter((item) => item.key !== key)), []);

  const fail = useCallback((name: string, error: string) => {
    counter += 1;
    setItems((list) => [...list, { key: `u${counter}`, name, state: 'failed', progress: 0, error }]);
  }, []);

  const send = useCallback(
    async (input: NewImage) => {
      counter += 1;
      const key = `u${counter}`;
      setItems((list) => [...list, { key, name: input.fileName, state: 'sending', progress: 0 }]);
      try {
        await upload({ input, onProgress: (progress) => update(key, { progress }) });
        update(key, { state: 'done', progress: 1 });
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          dismiss(key);
        }, DONE_LINGER_MS);
        timers.current.add(timer);
      } catch (error) {
        update(key, { state: 'failed', error: uploadErrorText(error, i18n) });
      } finally {
        await refresh();
      }
    },
    [dismiss, i18n, refresh, update, upload],
  );

  const sending = items.filter((item) => item.state === 'sending').length;
  return { items, send, fail, dismiss, sending };
}
