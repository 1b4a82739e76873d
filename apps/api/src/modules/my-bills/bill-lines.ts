import type { Translator } from '../../lib/i18n.ts';

/** The lines naming a bill of My Bills in its mails (reminders, AutoPay): biller, nickname, number, amount. */
export function billLines(
  translator: Translator,
  bill: { billerName: string; nickname: string; billNumber: string; amount: string },
): string[] {
  const { t } = translator;
  return [
    t('mail.biller', { biller: bill.billerName }),
    t('mail.nickname', { nickname: bill.nickname }),
    t('mail.billNumber', { billNumber: bill.billNumber }),
    bill.amount,
  ];
}
