import { Link } from 'react-router';
import { Dropdown } from '../../../components/ui/dropdown.tsx';
import { paths } from '../../../config/paths.ts';
import { useCategories } from '../api/get-categories.ts';

/** The header's Categories menu: All Categories, then every category. */
export function CategoriesMenu() {
  const categories = useCategories();
  return (
    <Dropdown label="Categories">
      <li>
        <Link to={paths.categories}>All Categories</Link>
      </li>
      {(categories.data ?? []).map((category) => (
        <li key={category._id}>
          <Link to={paths.category(category.slug)}>{category.name}</Link>
        </li>
      ))}
    </Dropdown>
  );
}
