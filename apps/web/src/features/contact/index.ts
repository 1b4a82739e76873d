export { ContactDetails } from './components/contact-details.tsx';
export { ContactForm } from './components/contact-form.tsx';
