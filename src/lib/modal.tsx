import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from 'reactstrap';

// reactstrap's Modal, with its transitions (7 KB), loads when a dialog first opens
// instead of with every page that has one but shows none at first (a ticket's details, the
// lists): fewer bytes before those first screens.
const ReactstrapModal = lazy(() => import('./reactstrap-modal'));

/** reactstrap's Modal, rendered from the first time it is open on. */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(Boolean(props.isOpen));
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ReactstrapModal {...props} />
    </Suspense>
  );
}
