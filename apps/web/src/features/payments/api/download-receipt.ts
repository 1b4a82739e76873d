import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { SAVE_FOR_OFFLINE } from '../../../lib/saved-receipts.ts';
import { getSession } from '../../../lib/session.ts';

export const receiptFileName = (orderId: string) => `erti-receipt-${orderId}.pdf`;

/** The receipt PDF, fetched with the Bearer token (a plain link could not carry it), saved for offline. */
export async function fetchReceiptPdf(orderId: string): Promise<Blob> {
  const token = getSession()?.Token;
  const response = await fetch(`${API_BASE}/orders/${encodeURIComponent(orderId)}/receipt.pdf`, {
    headers: token ? { ...SAVE_FOR_OFFLINE, authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    // No message of its own: the screen says it could not download, in the site's language.
    const message = (body as { message?: string } | undefined)?.message ?? '';
    throw new ApiError(response.status, message, body);
  }
  return response.blob();
}

/** Saves the PDF through a temporary object URL named erti-receipt-<orderId>.pdf. */
export async function downloadReceipt(orderId: string): Promise<void> {
  const url = URL.createObjectURL(await fetchReceiptPdf(orderId));
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(orderId);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadReceipt = () => useMutation({ mutationFn: downloadReceipt });
