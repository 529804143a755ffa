// The preview's front page, laid out as Google Sheets lays out an Editor add-on: the document's title and
// menu bar on top, Extensions ▸ Royalties for Sheets opening the add-on's own menu (as onOpen built it in
// the emulator), the grid (sheet-view.ts) with its tab bar at the bottom, and the sidebar on the right at
// Sheets' 300 px. A menu item runs in the emulator; a dialog it shows (Help ▸ Check this installation)
// opens over the page, as Sheets opens a modal dialog.
import type { Emulator } from '../gas/index.ts';
import { escapeHtml } from './tabs-view.ts';

/** An Editor add-on's sidebar is 300 px wide in Sheets (what src/sidebar/styles.css is laid out for). */
export const SIDEBAR_WIDTH = 300;

const SHEETS_MENUS = ['File', 'Edit', 'View', 'Insert', 'Format', 'Data', 'Tools'];

function addOnMenu(emulator: Emulator): string {
  const menu = emulator.ui().menus.at(-1);
  if (!menu) return '<li class="none">No menu: onOpen did not add one.</li>';
  return menu.items
    .map((item) =>
      item === 'separator'
        ? '<li class="sep" role="separator"></li>'
        : `<li><button type="button" role="menuitem" data-caption="${escapeHtml(item.caption)}">${escapeHtml(item.caption)}</button></li>`,
    )
    .join('');
}

export interface FrameChoice {
  /** The sheet the grid opens on, and its selected cell. */
  readonly sheet: string | null;
  readonly cell: string | null;
  /** false: the sidebar closed (the grid takes the width). */
  readonly sidebar: boolean;
}

export function sheetsFrame(emulator: Emulator, choice: FrameChoice): string {
  const title = emulator.spreadsheet.getName();
  const addOn = emulator.ui().menus.at(-1)?.title ?? 'Add-on';
  const query = new URLSearchParams();
  if (choice.sheet) query.set('name', choice.sheet);
  if (choice.cell) query.set('cell', choice.cell);
  const grid = `/sheet${query.size ? `?${query}` : ''}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - Google Sheets (preview)</title>
<style>
html,body{margin:0;height:100%;font:14px Arial,Helvetica,sans-serif;color:#202124;background:#f9fbfd}
body{display:flex;flex-direction:column}
#title-bar{display:flex;align-items:center;gap:10px;padding:8px 12px 0;flex:none}
#logo{width:26px;height:34px;background:#188038;border-radius:3px;position:relative}
#logo:after{content:'';position:absolute;left:6px;top:10px;width:14px;height:16px;border:2px solid #fff;border-width:2px 0;box-shadow:inset 0 6px 0 -4px #fff}
#doc-title{font-size:18px}
#menu-bar{display:flex;gap:2px;padding:2px 0 4px 46px;flex:none;position:relative}
#menu-bar>span,#menu-bar>button{font:14px Arial,sans-serif;padding:3px 7px;border:0;background:none;color:#202124;border-radius:4px}
#menu-bar>button[aria-expanded="true"]{background:#e8eaed}
#extensions-menu{position:absolute;top:28px;left:468px;min-width:230px;background:#fff;box-shadow:0 2px 6px rgba(60,64,67,.35);border-radius:4px;padding:6px 0;z-index:5}
#extensions-menu .addon{padding:6px 16px;font-weight:bold;color:#3c4043}
#extensions-menu ul{list-style:none;margin:0;padding:0 0 0 12px}
#extensions-menu button{display:block;width:100%;text-align:left;font:14px Arial,sans-serif;padding:6px 16px;border:0;background:none;cursor:pointer}
#extensions-menu button:hover{background:#f1f3f4}.sep{border-top:1px solid #e0e0e0;margin:4px 0}
#menu-said{margin-left:16px;color:#5f6368;font-size:13px;align-self:center}
#workspace{flex:1;display:flex;min-height:0;border-top:1px solid #c7c7c7}
#grid{flex:1;border:0;min-width:0;background:#fff}
#sidebar{width:${SIDEBAR_WIDTH}px;flex:none;display:flex;flex-direction:column;border-left:1px solid #dadce0;background:#fff}
#sidebar[hidden]{display:none}
#sidebar-title{display:flex;justify-content:space-between;align-items:center;padding:10px 12px 10px 16px;font-size:16px;border-bottom:1px solid #e0e0e0}
#sidebar-title button{border:0;background:none;font-size:18px;color:#5f6368;cursor:pointer}
#side{flex:1;border:0;width:100%}
#dialog{position:fixed;inset:0;background:rgba(32,33,36,.5);display:flex;align-items:center;justify-content:center;z-index:9}
#dialog[hidden]{display:none}#dialog>div{background:#fff;border-radius:8px;padding:16px 20px;box-shadow:0 4px 16px rgba(0,0,0,.3)}
#dialog h2{font-size:18px;font-weight:normal;margin:0 0 8px;display:flex;justify-content:space-between}
#dialog h2 button{border:0;background:none;font-size:18px;cursor:pointer}#dialog iframe{border:0;width:560px;height:600px}
</style></head><body>
<div id="title-bar"><div id="logo" aria-hidden="true"></div><div id="doc-title">${escapeHtml(title)}</div><span id="menu-said" role="status"></span></div>
<nav id="menu-bar">${SHEETS_MENUS.map((m) => `<span>${m}</span>`).join('')}<button type="button" id="extensions" aria-haspopup="menu" aria-expanded="false">Extensions</button><span>Help</span>
<div id="extensions-menu" role="menu" hidden><div class="addon">${escapeHtml(addOn)} ▸</div><ul>${addOnMenu(emulator)}</ul></div></nav>
<div id="workspace"><iframe id="grid" title="The spreadsheet" src="${escapeHtml(grid)}"></iframe>
<aside id="sidebar" aria-label="Royalties sidebar"${choice.sidebar ? '' : ' hidden'}><div id="sidebar-title"><span>Royalties</span><button type="button" id="sidebar-close" aria-label="Close">×</button></div>
<iframe id="side" title="Sidebar (${SIDEBAR_WIDTH} px)" src="${choice.sidebar ? '/sidebar' : 'about:blank'}"></iframe></aside></div>
<div id="dialog" hidden><div><h2><span id="dialog-title"></span><button type="button" id="dialog-close" aria-label="Close">×</button></h2><iframe id="dialog-frame" title="Dialog"></iframe></div></div>
<script>
var ext=document.getElementById('extensions'),menu=document.getElementById('extensions-menu'),said=document.getElementById('menu-said');
function grid(){document.getElementById('grid').contentWindow.location.reload();}
function openSidebar(){var s=document.getElementById('sidebar');s.hidden=false;document.getElementById('side').src='/sidebar';}
ext.onclick=function(){menu.hidden=!menu.hidden;ext.setAttribute('aria-expanded',String(!menu.hidden));};
document.getElementById('sidebar-close').onclick=function(){document.getElementById('sidebar').hidden=true;};
document.getElementById('dialog-close').onclick=function(){document.getElementById('dialog').hidden=true;};
menu.addEventListener('click',function(e){var b=e.target.closest('button');if(!b)return;menu.hidden=true;ext.setAttribute('aria-expanded','false');
var caption=b.dataset.caption;said.textContent=caption+'\\u2026';
fetch('/menu',{method:'POST',body:JSON.stringify({caption:caption})}).then(function(r){return r.json();}).then(function(r){
said.textContent=r.ok?'':r.message;if(r.sidebar)openSidebar();
if(r.dialog){document.getElementById('dialog-title').textContent=r.dialog.title;document.getElementById('dialog-frame').srcdoc=r.dialog.html;document.getElementById('dialog').hidden=false;}
grid();});});
addEventListener('message',function(e){if(e.data==='royalties:ran')grid();});
</script></body></html>`;
}
