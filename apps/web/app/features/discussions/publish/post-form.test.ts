import { describe, expect, it } from 'vitest';
import { postAdd, postEdit, type PostDetail } from '@portal/contracts/discussions';
import { fieldIssues } from '~/lib/forms/form-issues';
import { emptyPostForm, postFormBody, postFormFromDetail, postFormIssues } from './post-form';

const filled = {
  ...emptyPostForm(),
  tp_title: '  Erasure coding in practice ',
  tp_hy_dd_id: 3,
  tp_cj_dd_id: 7,
  tp_content: '<p>Eight data and three parity.</p>',
  tp_annex: [{ att_id: 41, att_title: 'plan.pdf', att_url: '/attachments/41', att_size: 1200 }],
  other_lang: [2],
};

describe('the post form', () => {
  it('reports each empty required field with the spec 5 message key, in the form order', () => {
    expect(fieldIssues(postAdd.body, postFormBody(emptyPostForm()))).toEqual([
      { field: 'tp_title', key: 'postForm.titleInvalid' },
      { field: 'tp_hy_dd_id', key: 'postForm.industryRequired' },
      { field: 'tp_cj_dd_id', key: 'postForm.sceneRequired' },
      { field: 'tp_content', key: 'postForm.contentInvalid' },
    ]);
  });

  it('asks for a board when the site has boards (decision 024), in the form order; not on a site without', () => {
    expect(postFormIssues(emptyPostForm(), [4, 5])).toEqual([
      { field: 'tp_title', key: 'postForm.titleInvalid' },
      { field: 'tp_board_id', key: 'postForm.boardRequired' },
      { field: 'tp_hy_dd_id', key: 'postForm.industryRequired' },
      { field: 'tp_cj_dd_id', key: 'postForm.sceneRequired' },
      { field: 'tp_content', key: 'postForm.contentInvalid' },
    ]);
    expect(postFormIssues(filled, [4, 5])).toEqual([{ field: 'tp_board_id', key: 'postForm.boardRequired' }]);
    expect(postFormIssues({ ...filled, tp_board_id: 9 }, [4, 5])).toEqual([
      { field: 'tp_board_id', key: 'discuss.api.boardNotFound' },
    ]);
    expect(postFormIssues({ ...filled, tp_board_id: 5 }, [4, 5])).toEqual([]);
    expect(postFormIssues(filled, [])).toEqual([]);
  });

  it('treats a title of spaces and content of blank paragraphs as missing', () => {
    const issues = fieldIssues(
      postAdd.body,
      postFormBody({ ...filled, tp_title: '   ', tp_content: '<p>&nbsp; </p><p><br></p>' }),
    );
    expect(issues).toEqual([
      { field: 'tp_title', key: 'postForm.titleInvalid' },
      { field: 'tp_content', key: 'postForm.contentInvalid' },
    ]);
  });

  it('sends attachments as their ids, no board as null, source 10 by default, and passes the contract', () => {
    const body = postFormBody(filled);
    expect(body).toMatchObject({ tp_annex: [41], tp_board_id: null, tp_source: 10, tp_type: 10, other_lang: [2] });
    const parsed = postAdd.body.parse(body);
    expect(parsed.tp_title).toBe('Erasure coding in practice');
    expect(postEdit.body.safeParse({ tp_id: 5, ...body }).success).toBe(true);
  });

  it('leaves the expert flag to the server, which reads the author (spec 3/6: user_expert 20 → is_expert 20)', () => {
    const body = postFormBody(filled);
    expect(body).not.toHaveProperty('is_expert');
    expect(body).not.toHaveProperty('user_expert');
  });

  it('prefills an edit from the post as saved, without language versions', () => {
    const detail = {
      tp_title: 'Saved',
      tp_type: 20,
      tp_board_id: null,
      tp_hy_dd_id: 3,
      tp_cj_dd_id: null,
      tp_source: 20,
      tp_content: '<p>x</p>',
      tp_annex: filled.tp_annex,
    } as unknown as PostDetail;
    expect(postFormFromDetail(detail)).toEqual({
      tp_title: 'Saved',
      tp_type: 20,
      tp_board_id: undefined,
      tp_hy_dd_id: 3,
      tp_cj_dd_id: undefined,
      tp_source: 20,
      tp_content: '<p>x</p>',
      tp_annex: filled.tp_annex,
      other_lang: [],
    });
  });
});
