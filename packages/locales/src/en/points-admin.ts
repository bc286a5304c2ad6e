import type { BackOfficeCatalogue } from '../back-office';

/** The back office's points rules screen (en; issue 22 item 1, decision 032). */
export const pointsAdmin: BackOfficeCatalogue['pointsAdmin'] = {
  title: 'Points rules',
  rules: {
    title: 'Points rules',
    lead: 'Each site has its own rules. A change applies to the points awarded from now on; points already in the ledger stay as they are. Every change is written to the audit log.',
    colRule: 'Rule',
    colAmount: 'Points per award',
    colDailyCap: 'Daily cap (awards in 24 hours)',
    colEnabled: 'On',
    colDefault: 'Default',
    colUpdated: 'Changed',
    noCap: 'No cap',
    on: 'On',
    off: 'Off',
    defaultValue: '{{amount}} points · {{cap}}',
    capValue: '{{cap}} a day',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Rule saved: the next awards use it',
    editTitle: 'Edit rule: {{rule}}',
    capSwitch: 'Cap per day',
    amountRule: 'Points per award must be a whole number from 1 to 10,000',
    dailyCapRule: 'The daily cap must be a whole number from 1 to 1,000, or no cap',
    enabledRule: 'Choose whether the rule is on',
    ruleInvalid: 'No such points rule',
  },
};
