import type { Generated } from 'kysely';

/** The product library (/goods, /mott-knowledge): a vip user's products. */
export interface GoodsTables {
  goods: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    name: string;
    intro: string;
    /** JSON array of image URLs. */
    images: string;
    /** JSON array of selling points. */
    selling_points: string;
    /** As the merchant writes it ("129", "99-129"). */
    price: string;
    created_at: number;
    updated_at: number;
  };
}
