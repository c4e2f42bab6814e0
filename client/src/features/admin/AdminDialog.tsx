// A modal dialog on the native <dialog> element: focus stays inside, Escape closes it.
import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "../../ui/Icon.tsx";

export function AdminDialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="admin-dialog" aria-label={title} onClose={onClose} onCancel={onClose}>
      <div className="admin-dialog__head">
        <h2>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
