import { type ReactNode, useEffect, useRef } from 'react';

interface ModalDialogProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  /** Called when the dialog closes by Escape or by `close()`. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, makes the page behind inert and closes
 * it on Escape, which a hand-rolled overlay would each have to imitate.
 */
export function ModalDialog({ labelledBy, onClose, className = '', children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onClose={onClose}
      className={`m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-black/50 ${className}`}
    >
      {children}
    </dialog>
  );
}
