import { TextField } from '~/components/form/Form';

/**
 * Who applies, as both programmes' applications ask it: the real name, the company and the job
 * title, with the limits of the programme's rule. `labels` are in the form's namespace.
 */
export function ApplicantFields({
  limits,
  labels,
  testIdPrefix,
}: {
  limits: { realNameMax: number; companyMax: number; jobTitleMax: number };
  labels: { realName: string; company: string; jobTitle: string };
  testIdPrefix: string;
}) {
  return (
    <>
      <TextField
        name="real_name"
        label={labels.realName}
        required
        maxLength={limits.realNameMax}
        autoComplete="name"
        testId={`${testIdPrefix}-real-name`}
      />
      <TextField
        name="company"
        label={labels.company}
        required
        maxLength={limits.companyMax}
        autoComplete="organization"
        testId={`${testIdPrefix}-company`}
      />
      <TextField
        name="job_title"
        label={labels.jobTitle}
        required
        maxLength={limits.jobTitleMax}
        autoComplete="organization-title"
        testId={`${testIdPrefix}-job-title`}
      />
    </>
  );
}
