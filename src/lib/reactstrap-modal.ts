// The chunk lib/modal.tsx loads when a dialog first opens.
export { Modal as default } from 'reactstrap';
