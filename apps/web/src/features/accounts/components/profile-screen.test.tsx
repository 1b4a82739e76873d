import { SESSION_STORAGE_KEY, USER_DATA_STORAGE_KEY } from '@erti/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { type ApiCall, renderScreen, stubApi } from '../testing/render.tsx';
import { ProfileScreen } from './profile-screen.tsx';

vi.mock('../resize-picture.ts', () => ({
  resizeToProfilePicture: vi.fn(async () => 'data:image/jpeg;base64,/9j/resized'),
}));

const profile = { _id: 'usr_1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', pic: null };
function profileAnswers({ method, path, body }: ApiCall) {
  if (path === '/users/profile/usr_1') return { body: profile };
  if (method === 'PUT' && path === '/users/edit/usr_1') {
    return { body: { ...profile, ...(body as object), message: 'Profile updated successfully' } };
  }
  return undefined;
}

beforeEach(() => saveSession({ message: 'User Login success', Token: 'tok', UserId: 'usr_1' }));
afterEach(() => vi.unstubAllGlobals());

describe('profile', () => {
  it('says Loading ... until the profile arrives, then shows it', async () => {
    stubApi(profileAnswers);
    renderScreen('/profile', '/profile', <ProfileScreen />);
    expect(screen.getByText('Loading ...')).toBeTruthy();
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    expect(screen.getByText('9876543210')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile picture of Asha Rao' })).toBeTruthy();
  });

  it('sends a logged-out visitor to /login', () => {
    localStorage.clear();
    stubApi(profileAnswers);
    const { router } = renderScreen('/profile', '/profile', <ProfileScreen />);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the fields on Save with the spec messages and saves the whole profile', async () => {
    const calls = stubApi(profileAnswers);
    renderScreen('/profile', '/profile', <ProfileScreen />);
    const typing = userEvent.setup();
    await typing.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await typing.clear(screen.getByLabelText('Name'));
    await typing.clear(screen.getByLabelText('Email'));
    await typing.clear(screen.getByLabelText('Phone'));
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter your Name')).toBeTruthy();
    expect(screen.getByText('Please enter your Email Id')).toBeTruthy();
    expect(screen.getByText('Please enter your Mobile No')).toBeTruthy();

    await typing.type(screen.getByLabelText('Name'), 'Asha R');
    await typing.type(screen.getByLabelText('Email'), 'asha@');
    await typing.type(screen.getByLabelText('Phone'), '91x234');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Invalid Email Id')).toBeTruthy();
    expect(screen.getByText('Invalid Mobile No')).toBeTruthy();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('91234');

    await typing.type(screen.getByLabelText('Email'), 'example.com');
    await typing.type(screen.getByLabelText('Phone'), '56789');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      _id: 'usr_1',
      name: 'Asha R',
      email: 'asha@example.com',
      phone: '9123456789',
    });
    expect(JSON.parse(localStorage.getItem(USER_DATA_STORAGE_KEY) ?? '{}')).toMatchObject({
      userName: 'Asha R',
      phone: '9123456789',
    });
  });

  it('asks to prove a new e-mail with a code before saving it', async () => {
    const calls = stubApi(profileAnswers);
    renderScreen('/profile', '/profile', <ProfileScreen />);
    const typing = userEvent.setup();
    await typing.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await typing.clear(screen.getByLabelText('Email'));
    await typing.type(screen.getByLabelText('Email'), 'asha.new@example.com');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please verify your new Email Id with an OTP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('logs out to /login and forgets both stored records', async () => {
    stubApi((call) =>
      call.path === '/users/logout' ? { body: { message: 'Logged out successfully' } } : profileAnswers(call),
    );
    const { router } = renderScreen('/profile', '/profile', <ProfileScreen />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    expect(localStorage.getItem(USER_DATA_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('uploads a new picture resized to a JPEG data URL', async () => {
    const calls = stubApi(profileAnswers);
    renderScreen('/profile', '/profile', <ProfileScreen />);
    const typing = userEvent.setup();
    await screen.findByRole('button', { name: 'Upload New Picture' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await typing.upload(screen.getByLabelText('Choose a new profile picture'), file);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        pic: 'data:image/jpeg;base64,/9j/resized',
        name: 'Asha Rao',
      }),
    );
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
  });
});
