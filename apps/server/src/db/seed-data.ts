/** Demo catalog: our own products, shipped with the app. Prices in cents. */
export interface SeedProduct {
  name: string; // at most 20 characters (hard rule)
  sku: string; // unique in any letter case
  category: string; // a SeedCategory's slug
  description: string; // 1-2 sentences, 80-200 characters, realistic, our own words
  priceCents: number; // positive integer
  img: string; // "/images/tools/<file>.svg"
  availableQuantity: number; // integer >= 0
  minOrderQuantity: number; // integer >= 1, and <= availableQuantity
}
export interface SeedCategory {
  slug: string;
  name: string;
  parent?: string; // the parent's slug
}

/** The demo catalog's tree: parents before their children. */
export const seedCategories: SeedCategory[] = [
  { slug: 'power-tools', name: 'Power tools' },
  { slug: 'drills-drivers', name: 'Drills and drivers', parent: 'power-tools' },
  { slug: 'saws', name: 'Saws', parent: 'power-tools' },
  { slug: 'hand-tools', name: 'Hand tools' },
  { slug: 'hammers', name: 'Hammers', parent: 'hand-tools' },
  { slug: 'wrenches', name: 'Wrenches', parent: 'hand-tools' },
  { slug: 'measuring-levels', name: 'Measuring and levels', parent: 'hand-tools' },
  { slug: 'cutting', name: 'Knives and cutters', parent: 'hand-tools' },
  { slug: 'accessories', name: 'Accessories' },
  { slug: 'drill-bits', name: 'Drill bits', parent: 'accessories' },
  { slug: 'saw-blades', name: 'Saw blades', parent: 'accessories' },
  { slug: 'abrasives', name: 'Sanding and abrasives', parent: 'accessories' },
  { slug: 'fasteners', name: 'Fasteners' },
  { slug: 'screws-anchors', name: 'Screws and anchors', parent: 'fasteners' },
];

export interface SeedReview {
  name: string; // company/enterprise name, at most 20 characters (shown as "Enterprise")
  words: string; // 1-3 sentences review text (shown as "About Us")
  rating: number; // integer 1..5
}

export const seedProducts: SeedProduct[] = [
  // 1-6: featured flagship products
  {
    name: 'Framing Claw Hammer',
    sku: 'TY-HM-2016',
    category: 'hammers',
    description:
      'A 20 oz forged steel hammer with a milled face and curved claw. The shock-absorbing grip keeps long framing days easy on the wrist.',
    priceCents: 2499,
    img: '/images/tools/claw-hammer.svg',
    availableQuantity: 600,
    minOrderQuantity: 10,
  },
  {
    name: 'Cordless Drill 20V',
    sku: 'TY-DR-2040',
    category: 'drills-drivers',
    description:
      'Compact 20V drill/driver with a 1/2 in keyless chuck, two speed ranges and an LED work light. Ships with a 4.0Ah battery.',
    priceCents: 12999,
    img: '/images/tools/cordless-drill.svg',
    availableQuantity: 120,
    minOrderQuantity: 5,
  },
  {
    name: 'Circular Saw 7-1/4',
    sku: 'TY-SW-7215',
    category: 'saws',
    description:
      'A 15 amp corded circular saw with a 7-1/4 in blade, bevel cuts up to 56 degrees and a cast aluminium shoe that stays true on site.',
    priceCents: 14999,
    img: '/images/tools/circular-saw.svg',
    availableQuantity: 80,
    minOrderQuantity: 4,
  },
  {
    name: 'Tape Measure 25 ft',
    sku: 'TY-MS-0625',
    category: 'measuring-levels',
    description:
      '25 ft tape with a wide, nylon-coated blade that stands out to 11 ft. The rubber-armoured case survives drops from ladder height.',
    priceCents: 1299,
    img: '/images/tools/tape-measure.svg',
    availableQuantity: 900,
    minOrderQuantity: 24,
  },
  {
    name: 'Adjustable Wrench',
    sku: 'TY-WR-1010',
    category: 'wrenches',
    description:
      'A 10 in chrome vanadium wrench with a smooth worm gear and laser-etched jaw scale. The cushioned handle gives a firm grip on oily nuts.',
    priceCents: 1899,
    img: '/images/tools/adjustable-wrench.svg',
    availableQuantity: 450,
    minOrderQuantity: 12,
  },
  {
    name: 'Pro Utility Knife',
    sku: 'TY-KN-0318',
    category: 'cutting',
    description:
      'Retractable utility knife with tool-free blade changes and storage for five spare blades in the handle. Built for drywall, carpet and cardboard.',
    priceCents: 999,
    img: '/images/tools/utility-knife.svg',
    availableQuantity: 1200,
    minOrderQuantity: 24,
  },
  // 7-9: upcoming products
  {
    name: 'Laser Level Pro',
    sku: 'TY-MS-3360',
    category: 'measuring-levels',
    description:
      'Self-levelling cross-line laser with bright green beams visible up to 100 ft indoors. Mounts on any standard tripod and runs on our 20V packs.',
    priceCents: 18999,
    img: '/images/tools/laser-level.svg',
    availableQuantity: 40,
    minOrderQuantity: 2,
  },
  {
    name: 'BL Impact Driver',
    sku: 'TY-DR-2080',
    category: 'drills-drivers',
    description:
      'Our next-generation brushless impact driver delivers 1,800 in-lbs of torque in a body under 5 in long, with three speed modes and a quick-load hex collet.',
    priceCents: 15999,
    img: '/images/tools/impact-driver.svg',
    availableQuantity: 60,
    minOrderQuantity: 3,
  },
  {
    name: 'Smart Torque Wrench',
    sku: 'TY-WR-4250',
    category: 'wrenches',
    description:
      'A 1/2 in drive digital torque wrench that vibrates at your target setting and logs every fastening to a phone app for inspection reports.',
    priceCents: 22999,
    img: '/images/tools/torque-wrench.svg',
    availableQuantity: 30,
    minOrderQuantity: 2,
  },
  // 10-14: parts and accessories
  {
    name: 'Drill Bit Set 21pc',
    sku: 'TY-AC-1021',
    category: 'drill-bits',
    description:
      'Twenty-one titanium-coated HSS twist bits from 1/16 to 3/8 in, with split points that start clean in metal, wood and plastic. Packed in a sturdy case.',
    priceCents: 3499,
    img: '/images/tools/drill-bit-set.svg',
    availableQuantity: 800,
    minOrderQuantity: 20,
  },
  {
    name: 'Wood Screws Box',
    sku: 'TY-FS-0850',
    category: 'screws-anchors',
    description:
      'Box of 500 #8 x 2 in coated wood screws with star drive heads and a sharp cutting tip. No pilot hole needed in most softwoods.',
    priceCents: 1899,
    img: '/images/tools/wood-screws.svg',
    availableQuantity: 5000,
    minOrderQuantity: 50,
  },
  {
    name: 'Circular Saw Blade',
    sku: 'TY-AC-7224',
    category: 'saw-blades',
    description:
      'A 7-1/4 in, 24-tooth carbide-tipped framing blade with a thin kerf for fast rip and cross cuts. Laser-cut vents keep it cool and quiet.',
    priceCents: 2299,
    img: '/images/tools/saw-blade.svg',
    availableQuantity: 1500,
    minOrderQuantity: 25,
  },
  {
    name: 'Sanding Discs P120',
    sku: 'TY-AC-5120',
    category: 'abrasives',
    description:
      'Pack of 50 hook-and-loop 5 in sanding discs, 120 grit, with an 8-hole pattern for dust extraction. Fits all standard random orbit sanders.',
    priceCents: 1499,
    img: '/images/tools/sanding-discs.svg',
    availableQuantity: 3000,
    minOrderQuantity: 40,
  },
  {
    name: 'Wall Anchors Kit',
    sku: 'TY-FS-1100',
    category: 'screws-anchors',
    description:
      'Kit of 100 ribbed nylon anchors with matching screws for drywall, brick and concrete. Each anchor holds up to 50 lb when properly installed.',
    priceCents: 899,
    img: '/images/tools/wall-anchors.svg',
    availableQuantity: 4000,
    minOrderQuantity: 50,
  },
];

export const seedReviews: SeedReview[] = [
  {
    name: 'Oakline Builders',
    words:
      'We switched our framing crews to Toolyard hammers and drills last spring. Bulk pricing is fair and every order has arrived complete and on time.',
    rating: 5,
  },
  {
    name: 'Fennwick Carpentry',
    words:
      'The circular saws hold their bevel settings better than anything we used before. Our apprentices actually fight over who gets them.',
    rating: 5,
  },
  {
    name: 'Quarry Lane Builds',
    words:
      'Solid tools at a sensible trade price. The account team helped us set up a standing monthly order for screws and anchors.',
    rating: 4,
  },
  {
    name: 'Saltmarsh Decking',
    words:
      'The wood screws bite cleanly into pressure-treated boards with no splitting. We go through thousands a month and rarely find a bad one.',
    rating: 5,
  },
  {
    name: 'Bluefinch Interiors',
    words:
      'Utility knives and tape measures are great value for our fit-out teams. We would love to see a longer tape option in the range.',
    rating: 4,
  },
  {
    name: 'Kestrel Fitouts',
    words:
      'Good drills overall, but our first batch of batteries took a while to arrive. Support sorted it out quickly once we called.',
    rating: 3,
  },
  {
    name: 'Tinkerbench Makers',
    words:
      'Our community workshop runs on Toolyard drill bits and sanding discs. They last through a full term of beginner classes.',
    rating: 5,
  },
  {
    name: 'Greyhollow Homes',
    words:
      'Reliable kit for our renovation crews, and the minimum order sizes suit a small builder like us. Looking forward to the new laser level.',
    rating: 4,
  },
];
