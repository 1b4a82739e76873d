import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@erti/contracts/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The toast container: top-right, 5000 ms, drag to dismiss at 80% (spec section 9). */
export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggable
      draggablePercent={TOAST_DRAG_PERCENT * 100}
    />
  );
}
