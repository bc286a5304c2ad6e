import type { CooperationCatalogue } from '../cooperation';

/** The cooperation application's field rules (namespace `cooperationForm`, en). */
export const cooperationForm: CooperationCatalogue['cooperationForm'] = {
  companyRule: 'The company name has at most 128 characters',
  companyRequired: 'Enter the company name',
  contactNameRule: 'The contact name has at most 64 characters',
  contactNameRequired: 'Enter a contact name',
  phoneRule: 'Enter a valid phone number (digits, spaces and dashes, at most 32 characters)',
  emailRule: 'Enter a valid email address (at most 128 characters)',
  contactRequired: 'Enter a phone number or an email address',
  intentRule: 'The intent has at most 2,000 characters',
  intentRequired: 'Describe the cooperation you have in mind',
};
