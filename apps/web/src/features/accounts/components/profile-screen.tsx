import { phoneDigits, type UserProfile } from '@erti/contracts';
import { PHONE_LENGTH } from '@erti/contracts/constants';
import { isPlainEmailAddress, normalEmailAddress } from '@erti/contracts/email-address';
import { messages } from '@erti/contracts/messages';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FieldError } from '../../../components/form/form-field.tsx';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useEditProfile } from '../api/edit-profile.ts';
import { useProfile } from '../api/get-profile.ts';
import { useLogOut } from '../api/log-out.ts';
import { useEmailOtp } from '../hooks/use-email-otp.ts';
import { useFormValues } from '../hooks/use-form-values.ts';
import { resizeToProfilePicture } from '../resize-picture.ts';
import { Avatar } from './avatar.tsx';
import {
  emailInput,
  nameInput,
  onEnter,
  phoneInput,
  primaryButtonClass,
  secondaryButtonClass,
  TextField,
} from './form-fields.tsx';
import { OtpCodeField } from './otp-code-field.tsx';
import { OtpSendButton } from './otp-send-button.tsx';

type Draft = Pick<UserProfile, 'name' | 'email' | 'phone'>;
type DraftErrors = Partial<Record<keyof Draft | 'otp', string>>;

/** The spec's profile-save checks (section 5), first failure per field. */
function draftErrors(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = messages.validation.profileName;
  if (!draft.email.trim()) errors.email = messages.validation.profileEmailRequired;
  else if (!isPlainEmailAddress(draft.email)) errors.email = messages.validation.profileEmailInvalid;
  if (!draft.phone) errors.phone = messages.validation.profilePhoneRequired;
  else if (draft.phone.length !== PHONE_LENGTH) errors.phone = messages.validation.profilePhoneInvalid;
  return errors;
}

/**
 * The profile screen: logged-out users go to /login (plainly, so that logging out here does not
 * lead back to this screen after the next login); 'Loading ...' until the profile arrives.
 */
export function ProfileScreen() {
  const session = useSession();
  const profile = useProfile();
  const { formatMessage } = useIntl();
  if (!session) return <Navigate to={paths.login} replace />;
  if (profile.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <LoadFailed onRetry={() => void profile.refetch()} retrying={profile.isFetching}>
          {formatMessage({ id: 'accounts.profile.loadFailed' })}
        </LoadFailed>
      </section>
    );
  }
  if (!profile.data) {
    return (
      <p role="status" className="px-4 py-16 text-center text-gray-700">
        {formatMessage({ id: 'accounts.profile.loading' })}
      </p>
    );
  }
  return <ProfileCard profile={profile.data} />;
}

function ProfileCard({ profile }: { profile: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const logOut = useLogOut();
  const { formatMessage } = useIntl();
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-md sm:p-8">
        <h1 className="text-2xl font-bold text-brand-700">
          {formatMessage({ id: 'accounts.profile.title' })}
        </h1>
        <div className="mt-6 flex flex-col items-center gap-3">
          <Avatar
            pic={profile.pic}
            size={120}
            label={formatMessage({ id: 'accounts.profile.pictureOf' }, { name: profile.name })}
          />
          <PictureUpload profile={profile} />
        </div>
        {editing ? (
          <ProfileEditForm profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <>
            <dl className="mt-6 divide-y divide-gray-100">
              {[
                [formatMessage({ id: 'accounts.field.name' }), profile.name],
                [formatMessage({ id: 'accounts.field.email' }), profile.email],
                [formatMessage({ id: 'accounts.field.phone' }), profile.phone],
              ].map(([term, value]) => (
                <div key={term} className="grid grid-cols-3 gap-4 py-3">
                  <dt className="font-medium text-gray-600">{term}</dt>
                  <dd className="col-span-2 break-words text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={`${primaryButtonClass} mt-6 w-full`}
            >
              {formatMessage({ id: 'accounts.profile.edit' })}
            </button>
          </>
        )}
        <button type="button" onClick={logOut} className={`${secondaryButtonClass} mt-3 w-full`}>
          {formatMessage({ id: 'nav.accountMenu.logout' })}
        </button>
      </div>
    </section>
  );
}

/** 'Upload New Picture': any image, resized here to the 300x300 JPEG the api keeps, saved at once. */
function PictureUpload({ profile }: { profile: UserProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const editProfile = useEditProfile(profile._id);
  const [busy, setBusy] = useState(false);
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/'))
      return void toast.error(formatMessage({ id: 'accounts.profile.notAnImage' }));
    setBusy(true);
    try {
      const pic = await resizeToProfilePicture(file);
      await editProfile.mutateAsync({
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        pic,
      });
      toast.success(formatMessage({ id: 'accounts.profile.updated' }));
    } catch (error) {
      toast.error(apiErrorText(error, formatMessage({ id: 'spec.errors.submitFailed' })));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={formatMessage({ id: 'accounts.profile.choosePicture' })}
        onChange={(event) => void upload(event)}
      />
      <BusyButton busy={busy} onClick={() => input.current?.click()} className={secondaryButtonClass}>
        {formatMessage({ id: 'accounts.profile.upload' })}
      </BusyButton>
    </>
  );
}

/** Name, e-mail and phone; a new e-mail is proven with a code sent to it before Save. */
function ProfileEditForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const editProfile = useEditProfile(profile._id);
  const otp = useEmailOtp('email');
  const {
    values: draft,
    errors,
    setErrors,
    field,
  } = useFormValues<Draft, 'otp'>({ name: profile.name, email: profile.email, phone: profile.phone });
  const [code, setCode] = useState('');
  const newEmail = normalEmailAddress(draft.email);
  const emailChanges = newEmail !== profile.email;
  const newEmailVerified = otp.isVerified(newEmail);
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();

  function verifyNewEmail() {
    if (code) void otp.verify(newEmail, code);
    else setErrors({ otp: messages.validation.enterOtp });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = draftErrors(draft);
    if (!found.email && emailChanges && !newEmailVerified)
      found.otp = formatMessage({ id: 'accounts.profile.verifyNewEmail' });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await editProfile.mutateAsync({
        _id: profile._id,
        name: draft.name.trim(),
        email: newEmail,
        phone: draft.phone,
      });
      toast.success(formatMessage({ id: 'accounts.profile.updated' }));
      onDone();
    } catch (error) {
      toast.error(apiErrorText(error, formatMessage({ id: 'spec.errors.submitFailed' })));
    }
  }

  return (
    <form noValidate onSubmit={save} className="mt-6 space-y-4">
      <TextField label={formatMessage({ id: 'accounts.field.name' })} {...nameInput} {...field('name')} />
      <TextField label={formatMessage({ id: 'accounts.field.email' })} {...emailInput} {...field('email')} />
      {emailChanges && isPlainEmailAddress(newEmail) && (
        <div className="rounded-md bg-brand-50 p-3">
          <p className="text-sm text-gray-700">{formatMessage({ id: 'accounts.profile.confirmEmail' })}</p>
          <div className="mt-2">
            <OtpSendButton otp={otp} onSend={() => void otp.send(newEmail)} />
          </div>
          {otp.sentTo === newEmail && (
            <OtpCodeField
              label={formatMessage({ id: 'accounts.profile.otpToNewEmail' })}
              value={code}
              onChange={setCode}
              error={errors.otp}
              verified={newEmailVerified}
              verifying={otp.verifying}
              onVerify={verifyNewEmail}
              onKeyDown={onEnter(verifyNewEmail)}
            />
          )}
          {otp.sentTo !== newEmail && <FieldError message={errors.otp} announce />}
        </div>
      )}
      <TextField
        label={formatMessage({ id: 'accounts.field.phone' })}
        {...phoneInput}
        {...field('phone', phoneDigits)}
      />
      <div className="flex gap-3">
        <BusyButton type="submit" busy={editProfile.isPending} className={`${primaryButtonClass} flex-1`}>
          {formatMessage({ id: 'accounts.profile.save' })}
        </BusyButton>
        <button type="button" onClick={onDone} className={`${secondaryButtonClass} flex-1`}>
          {formatMessage({ id: 'app.loginPrompt.cancel' })}
        </button>
      </div>
    </form>
  );
}
