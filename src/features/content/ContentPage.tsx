import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { START_PAGE_ID } from '../../../shop/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { isShown, ModuleView } from './ModuleView.tsx';
import { useContentPage } from './useContentPage.ts';

/** `/` is the start page; `/pages/:id` any other content page. */
export function ContentPageRoute() {
  const { id = START_PAGE_ID } = useParams();
  return <ContentPageView id={id} />;
}

export function ContentPageView({ id }: { id: string }) {
  const { t } = useTranslation();
  const state = useContentPage(id);
  const title = state.status === 'ready' ? state.page.title : null;

  useDocumentTitle(state.status === 'failed' ? t('content.notFound') : title);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <section className="page">
        <h1 className="status-message">{t('content.notFound')}</h1>
      </section>
    );
  }
  return (
    <article className="content-page" data-page-id={state.page.id}>
      <h1 className="visually-hidden">{state.page.title}</h1>
      {state.page.modules.filter(isShown).map((module) => (
        <div
          key={module.id}
          className="content-module"
          data-module-type={module.type}
          data-module-id={module.id}
        >
          <ModuleView module={module} />
        </div>
      ))}
    </article>
  );
}
