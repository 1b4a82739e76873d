/**
 * The api's module boundaries, checked by `npm run lint` (decision 122). Each module under
 * apps/api/src/modules has one front door, its `index.ts`: nothing outside a module imports its other
 * files. Which module may use which is written below as data: a new arrow is a line here, in review.
 */

/** Module → the modules it may use (through their front doors). */
const moduleArrows = {
  accounts: ['autopay', 'bills', 'my-bills'],
  autopay: ['bills', 'my-bills', 'payments'],
  bills: ['catalogue'],
  catalogue: [],
  complaints: ['accounts', 'bills', 'payments'],
  contact: [],
  health: ['catalogue'],
  merchant: ['payments'],
  'my-bills': ['autopay', 'bills', 'catalogue', 'payments'],
  payments: ['bills', 'catalogue'],
  site: [],
};

const MODULES = '^apps/api/src/modules/';
const FRONT_DOOR = `${MODULES}[^/]+/index\\.ts$`;

const arrowRules = Object.entries(moduleArrows).map(([module, allowed]) => ({
  name: `arrows-of-${module}`,
  comment: `${module} may use only ${allowed.length ? allowed.join(', ') : 'no other module'} (moduleArrows)`,
  severity: 'error',
  from: { path: `${MODULES}${module}/` },
  to: {
    path: FRONT_DOOR,
    pathNot: [module, ...allowed].map((name) => `${MODULES}${name}/`),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'module-front-door',
      comment: "Another module's files are reached only through its index.ts (its front door)",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, FRONT_DOOR] },
    },
    {
      name: 'outside-through-front-door',
      comment:
        'Code outside the modules (app, plugins, integrations, metrics) uses a module through its index.ts',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: MODULES },
      to: { path: `${MODULES}[^/]+/`, pathNot: FRONT_DOOR },
    },
    ...arrowRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // A tsconfig of its own: the api's extends a relative path dependency-cruiser reads from the root.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    exclude: { path: '(^|/)test/|\\.test\\.ts$' },
  },
};
