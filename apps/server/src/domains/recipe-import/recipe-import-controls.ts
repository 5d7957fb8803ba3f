import { isTag, type ChildNode, type Element } from 'domhandler';

/**
 * A page's controls beside its recipe (unit tabs, menus, a post's tag
 * links, form fields and buttons), which the list readers pass over: its
 * own file, so the readers of groups and of headed lists share it without
 * importing each other.
 */

/** ARIA roles of a page's controls: tabs ("US", "Metric"), menus, navigation. */
const CONTROL_ROLES = new Set([
  'tablist',
  'tab',
  'navigation',
  'menu',
  'menubar',
  'toolbar',
  'button',
]);

/**
 * Form fields and buttons: what a user sets or presses ("MAKE GLUTEN
 * FREE", a <select> of servings and its options), never a line or a step.
 */
const FORM_CONTROLS = new Set([
  'button',
  'select',
  'option',
  'input',
  'textarea',
]);

/** Inputs that are a tick box: its label may be the line it ticks. */
const TICK_BOXES = new Set(['checkbox', 'radio']);

/** A field a label names: a form control other than a tick box. */
function isField(node: ChildNode | null): boolean {
  return (
    node !== null &&
    isTag(node) &&
    (node.name === 'select' ||
      node.name === 'textarea' ||
      (node.name === 'input' &&
        !TICK_BOXES.has((node.attribs.type ?? '').toLowerCase())))
  );
}

/** Nodes looked past for the field after a label (spaces between). */
const MAX_LABEL_GAP = 3;

/**
 * A <label> of a field ("Servings:" before its <select>): one that holds
 * the field among its own children or has it next, past blank text. A
 * tick box's label ("<label><input type="checkbox"> 2 cups flour</label>")
 * is the line it ticks and is kept. Constant work: its own children and
 * the few nodes after it.
 */
function isFieldLabel(element: Element): boolean {
  if (element.children.some(isField)) return true;
  let next = element.next;
  for (let step = 0; step < MAX_LABEL_GAP && next !== null; step += 1) {
    if (next.type !== 'text' || next.data.trim() !== '') return isField(next);
    next = next.next;
  }
  return false;
}

/**
 * A link that only runs a script ("<a onclick="…">MAKE GLUTEN FREE</a>",
 * no address or only "#"): a button, whatever it is drawn as.
 */
function isScriptButton(element: Element): boolean {
  if (element.name !== 'a' || element.attribs.onclick === undefined) {
    return false;
  }
  const address = (element.attribs.href ?? '').trim().toLowerCase();
  return address === '' || address === '#' || address.startsWith('javascript:');
}

/**
 * A control itself: a form field or button, a field's label, a link that
 * only runs a script, an element whose ARIA role is a control's. Constant
 * work.
 */
export function isControl(element: Element): boolean {
  return (
    FORM_CONTROLS.has(element.name) ||
    CONTROL_ROLES.has((element.attribs.role ?? '').toLowerCase()) ||
    (element.name === 'label' && isFieldLabel(element)) ||
    isScriptButton(element)
  );
}

/** Elements a link's label may sit in ("<a><span>Tumblr</span></a>"). */
const MAX_LABEL_DEPTH = 3;

/**
 * The text of an element that holds only a text, directly or through at
 * most MAX_LABEL_DEPTH elements of one child each; else null.
 */
function onlyText(element: Element): string | null {
  let node: Element = element;
  for (let level = 0; level <= MAX_LABEL_DEPTH; level += 1) {
    const [child] = node.children;
    if (node.children.length !== 1 || child === undefined) return null;
    if (child.type === 'text') return child.data;
    if (!isTag(child)) return null;
    node = child;
  }
  return null;
}

/**
 * An element that holds a page's controls, no lines of a recipe: a
 * <nav>, a control (isControl), and a list of two or
 * more links without a number (a post's tags or categories: "Summer",
 * "Main Meals"; a row of share buttons), each item only a link of plain
 * text, also inside an element or two ("<a><span>Tumblr</span></a>"). Looks at the list's
 * own items and their links' text only: constant work per child.
 */
export function isControlRow(element: Element): boolean {
  if (element.name === 'nav' || isControl(element)) return true;
  if (element.name !== 'ul' && element.name !== 'ol') return false;
  let links = 0;
  for (const child of element.children) {
    if (child.type === 'text' && child.data.trim() === '') continue;
    if (!isTag(child) || child.name !== 'li') return false;
    const inner = child.children.filter(
      (node) => !(node.type === 'text' && node.data.trim() === ''),
    );
    // An empty item (a row's end marker) is neither a link nor a line.
    if (inner.length === 0) continue;
    const [link] = inner;
    if (
      inner.length !== 1 ||
      link === undefined ||
      !isTag(link) ||
      link.name !== 'a'
    ) {
      return false;
    }
    const text = onlyText(link);
    if (text === null || /\d/.test(text)) return false;
    links += 1;
  }
  return links >= 2;
}
