import Button from 'antd/es/button';
import Form, { type FormListProps } from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';

/**
 * A list of `{title, url}` items in an antd form: the programmes' contributions and
 * recommendations. Rows of a title and a link, removable and added up to `max`, while the form is
 * not locked; the list's own rule shows its errors beneath.
 */
export function LinkListField(props: {
  name: string;
  rules: FormListProps['rules'];
  max: number;
  locked: boolean;
  rule: { itemTitleMax: number; urlMax: number };
  urlPlaceholder: string;
  texts: { itemTitle: string; itemUrl: string; remove: string; add: string };
  className: string;
  itemClassName: string;
  testIds: { list: string; title: (index: number) => string; url: (index: number) => string; add: string };
}) {
  const { texts, testIds } = props;
  return (
    <Form.List name={props.name} rules={props.rules}>
      {(items, { add, remove }, { errors }) => (
        <div className={props.className} data-testid={testIds.list}>
          {items.map((item, index) => (
            <Space key={item.key} align="baseline" wrap className={props.itemClassName}>
              <Form.Item name={[item.name, 'title']} noStyle>
                <Input
                  placeholder={texts.itemTitle}
                  maxLength={props.rule.itemTitleMax}
                  aria-label={`${texts.itemTitle} ${index + 1}`}
                  data-testid={testIds.title(index)}
                />
              </Form.Item>
              <Form.Item name={[item.name, 'url']} noStyle>
                <Input
                  type="url"
                  placeholder={props.urlPlaceholder}
                  maxLength={props.rule.urlMax}
                  aria-label={`${texts.itemUrl} ${index + 1}`}
                  data-testid={testIds.url(index)}
                />
              </Form.Item>
              {!props.locked ? (
                <Button type="link" danger onClick={() => remove(item.name)}>
                  {texts.remove}
                </Button>
              ) : null}
            </Space>
          ))}
          {!props.locked && items.length < props.max ? (
            <Button type="dashed" onClick={() => add({ title: '', url: '' })} data-testid={testIds.add}>
              {texts.add}
            </Button>
          ) : null}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
