// ESLint rule: no comment, test name or other string cites a tracker issue ("issue 19 item 4"). A reader of
// the code cannot open those issues; the comment says the reason in a few words instead (spec § is fine).
const ISSUE = /\bissues? #?\d+/i;

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments and strings give the reason, not an issue number nobody can open' },
    messages: { issue: '"{{cited}}" cites an issue a reader cannot open: say the reason in a few words instead.' },
    schema: [],
  },
  create(context) {
    const check = (loc, text) => {
      const match = ISSUE.exec(text);
      if (match) context.report({ loc, messageId: 'issue', data: { cited: match[0] } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment.loc, comment.value);
      },
      // Test names are strings: describe('delete (issue 19: ...)') is the same citation.
      Literal: (node) => typeof node.value === 'string' && check(node.loc, node.value),
      TemplateElement: (node) => check(node.loc, node.value.raw),
      JSXText: (node) => check(node.loc, node.value),
    };
  },
};
