import { messages } from '@erti/contracts/messages';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/**
 * Presses the Login button of the login-required popup, as a person would. Tests on fake timers
 * pass their own user-event session, whose clock advances with theirs.
 */
export async function pressLoginInPopup(user: Pick<UserEvent, 'click'> = userEvent) {
  const popup = await screen.findByRole('dialog', { name: messages.validation.loginToContinue });
  await user.click(within(popup).getByRole('button', { name: 'Login' }));
}
