var kh=Object.freeze([Object.freeze({id:0,name:"air",solid:!1,transparent:!0,liquid:!1,replaceable:!0,placeable:!1,color:0}),Object.freeze({id:1,name:"stone",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:8355711}),Object.freeze({id:2,name:"deepslate",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:5066066}),Object.freeze({id:3,name:"dirt",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:8806467}),Object.freeze({id:4,name:"grass",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:6134586}),Object.freeze({id:5,name:"sand",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:14406560}),Object.freeze({id:6,name:"sandstone",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:14207887}),Object.freeze({id:7,name:"gravel",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:8748924}),Object.freeze({id:8,name:"clay",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:10528435}),Object.freeze({id:9,name:"water",solid:!1,transparent:!0,liquid:!0,replaceable:!0,placeable:!1,color:4159204}),Object.freeze({id:10,name:"lava",solid:!1,transparent:!1,liquid:!0,replaceable:!1,placeable:!1,color:13589267}),Object.freeze({id:11,name:"snow",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:15793147}),Object.freeze({id:12,name:"ice",solid:!0,transparent:!0,liquid:!1,replaceable:!1,placeable:!0,color:9549821}),Object.freeze({id:13,name:"bedrock",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!1,color:3355443}),Object.freeze({id:14,name:"oak_log",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:7033904}),Object.freeze({id:15,name:"oak_leaves",solid:!0,transparent:!0,liquid:!1,replaceable:!1,placeable:!0,color:3897892}),Object.freeze({id:16,name:"spruce_log",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:4007955}),Object.freeze({id:17,name:"spruce_leaves",solid:!0,transparent:!0,liquid:!1,replaceable:!1,placeable:!0,color:2968877}),Object.freeze({id:18,name:"cactus",solid:!0,transparent:!0,liquid:!1,replaceable:!1,placeable:!0,color:5934123}),Object.freeze({id:19,name:"coal_ore",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:5263440}),Object.freeze({id:20,name:"iron_ore",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:10127994}),Object.freeze({id:21,name:"gold_ore",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:11904578}),Object.freeze({id:22,name:"diamond_ore",solid:!0,transparent:!1,liquid:!1,replaceable:!1,placeable:!0,color:5952975})]);var Qt=Object.freeze({air:0,stone:1,deepslate:2,dirt:3,grass:4,sand:5,sandstone:6,gravel:7,clay:8,water:9,lava:10,snow:11,ice:12,bedrock:13,oak_log:14,oak_leaves:15,spruce_log:16,spruce_leaves:17,cactus:18,coal_ore:19,iron_ore:20,gold_ore:21,diamond_ore:22});var Ml="strata",nm=65536,im=/^[a-z0-9_.\/-]+:[a-z0-9_.\/-]+$/,Yn=class extends Error{constructor(e){super(e),this.name="BlockRegistryError"}},Nr=class{constructor(e,{fromServer:t=!1}={}){this.blocks=Object.freeze(e.map(i=>Object.freeze({...i}))),this.count=this.blocks.length,this.fromServer=t,this.byName=new Map(this.blocks.map(i=>[i.name,i.id])),this.placeable=Object.freeze(this.blocks.filter(i=>i.placeable).map(i=>i.id))}get(e){return this.blocks[e]}id(e){return this.byName.get(e.includes(":")?e:`${Ml}:${e}`)}solid(e){return this.blocks[e]?.solid??!0}liquid(e){return this.blocks[e]?.liquid??!1}replaceable(e){return this.blocks[e]?.replaceable??!1}name(e){return this.blocks[e]?.short??`#${e}`}};function sm(n){let e=`${Ml}:`;return n.startsWith(e)?n.slice(e.length):n}function vs(){return new Nr(kh.map(n=>({...n,name:`${Ml}:${n.name}`,short:n.name,breakable:n.id!==0&&(n.placeable||n.liquid)})))}function Pr(n){let e=n?.blocks??[];if(e.length===0)return vs();if(e.length>nm)throw new Yn(`block registry of ${e.length} entries; ids must fit 16 bits`);let t=new Set,i=e.map((s,r)=>{let o=s.id??0;if(o!==r)throw new Yn(`block registry entry ${r} has id ${o}; ids must be 0..n\u22121 in order`);let a=s.name??"";if(!im.test(a)||a.length>64)throw new Yn(`block ${o}: name ${JSON.stringify(a)} is not namespace:name`);if(t.has(a))throw new Yn(`block ${o}: name ${a} listed twice`);return t.add(a),{id:o,name:a,short:sm(a),solid:!!s.solid,transparent:!!s.transparent,liquid:!!s.liquid,replaceable:!!s.replaceable,placeable:!!s.placeable,breakable:!!s.breakable,color:(s.color??0)&16777215}});return new Nr(i,{fromServer:!0})}async function Gh(n,e=fetch){let t=new URL(n.href).searchParams,i;if(t.get("url"))i={url:t.get("url"),certHash:t.get("certHash")??void 0,loginCertHash:t.get("loginCertHash")??void 0};else{let s=new URL("config.json",n.href),r;try{r=await e(s,{cache:"no-store"})}catch(o){throw new Error(`cannot fetch ${s.pathname}: ${o.message}`)}if(!r.ok)throw new Error(`${s.pathname}: HTTP ${r.status}`);i=await r.json()}return rm(i,t)}function rm(n,e=new URLSearchParams){if(!n||typeof n.url!="string"||!n.url)throw new Error('config: missing "url"');let t;try{t=new URL(n.url)}catch{throw new Error(`config: bad url ${JSON.stringify(n.url)}`)}if(t.protocol!=="https:")throw new Error(`config: WebTransport needs an https:// URL, got ${t.protocol}`);let i=[];n.certHash&&i.push(n.certHash),Array.isArray(n.certHashes)&&i.push(...n.certHashes);let s=i.map(zh),r=n.loginCertHash?zh(n.loginCertHash):null,o=Number(e.get("view")??n.viewDistance??NaN);return{url:t.href,certHashes:s,loginCertHash:r,viewDistance:Number.isFinite(o)&&o>0?Math.floor(o):null}}function zh(n){let e=String(n).trim(),t=e.replace(/[:\s]/g,"");if(/^[0-9a-fA-F]{64}$/.test(t))return Uint8Array.from(t.match(/../g),s=>parseInt(s,16));let i=e.replace(/-/g,"+").replace(/_/g,"/").replace(/=+$/,"");if(/^[A-Za-z0-9+/]{43}$/.test(i)){let s=atob(i+"=");return Uint8Array.from(s,r=>r.charCodeAt(0))}throw new Error(`config: certHash is not a SHA-256 in hex or base64: ${JSON.stringify(e.slice(0,80))}`)}var Vh=/^[A-Za-z0-9_-]{1,16}$/;function Hh(n,e){let t=new URL(n.href).searchParams.get("name");if(t&&Vh.test(t))return{name:t,source:"query"};let i=e?.getItem("strata.name");if(i&&Vh.test(i))return{name:i,source:"saved"};let s=Lr();return e?.setItem("strata.name",s),{name:s,source:"new"}}function Lr(){return"web"+String(Math.floor(Math.random()*1e4)).padStart(4,"0")}var om={KeyW:"forward",ArrowUp:"forward",KeyS:"back",ArrowDown:"back",KeyA:"left",ArrowLeft:"left",KeyD:"right",ArrowRight:"right",Space:"up",ShiftLeft:"down",ShiftRight:"down",ControlLeft:"sprint",ControlRight:"sprint"},Dr=class{constructor(e,t){this.canvas=e,this.a=t,this.held=new Set,this.sensitivity=.12,this.enabled=!0,e.addEventListener("click",()=>{this.locked||e.requestPointerLock?.()?.catch?.(()=>{})}),document.addEventListener("pointerlockchange",()=>this.a.onLockChange(this.locked)),document.addEventListener("mousemove",i=>{this.locked&&this.a.onLook(i.movementX*this.sensitivity,i.movementY*this.sensitivity)}),document.addEventListener("mousedown",i=>{this.locked&&(i.button===0?this.a.onBreak():i.button===2&&this.a.onPlace())}),document.addEventListener("contextmenu",i=>{this.locked&&i.preventDefault()}),document.addEventListener("wheel",i=>{this.locked&&this.a.onSelect(Math.sign(i.deltaY))},{passive:!0}),document.addEventListener("keydown",i=>this.key(i,!0)),document.addEventListener("keyup",i=>this.key(i,!1)),window.addEventListener("blur",()=>this.held.clear())}get locked(){return document.pointerLockElement===this.canvas}key(e,t){if(!this.enabled)return;let i=om[e.code];if(i){t?this.held.add(i):this.held.delete(i),this.locked&&e.preventDefault();return}!t||e.repeat||(e.code==="KeyF"?this.a.onToggleFly():e.code==="BracketLeft"||e.code==="Minus"?this.a.onViewDistance(-1):e.code==="BracketRight"||e.code==="Equal"?this.a.onViewDistance(1):e.code==="KeyT"||e.code==="Enter"?(e.preventDefault(),this.a.onChat()):/^Digit[1-9]$/.test(e.code)&&this.a.onSelect(0,Number(e.code.slice(5))-1))}move(){let e=this.held,t=(i,s)=>(e.has(i)?1:0)-(e.has(s)?1:0);return{forward:t("forward","back"),strafe:t("right","left"),up:t("up","down"),jump:e.has("up"),sprint:e.has("sprint")}}};var El=16,Li=El*El*El;function Ss(n,e,t){return n+(t<<4)+(e<<8)}function am(n){let e=[],t=new Map,i=[];for(let o=0;o<Li;){let a=n[o],c=o+1;for(;c<Li&&n[c]===a;)c++;t.has(a)||(t.set(a,e.length),e.push(a)),i.push(t.get(a),c-o),o=c}let s=[1,1],r=o=>{for(;o>=128;)s.push(o&127|128),o>>>=7;s.push(o)};return r(e.length),e.forEach(r),i.forEach(r),Uint8Array.from(s)}var bs=62;function Al(n,e){return Math.floor(64+7*Math.sin(n/17)*Math.cos(e/23)+4*Math.sin((n+e)/9)+2*Math.cos((n-2*e)/5))}function lm(n,e){let t=Math.imul(n,374761393)^Math.imul(e,668265263);return t=Math.imul(t^t>>>13,1274126177),((t^t>>>16)>>>0)/4294967296}function cm(n,e,t){let i=Al(n,t);if(e<=-60)return Qt.bedrock;if(e<i-4)return e<0?Qt.deepslate:Qt.stone;if(e<i)return i<=bs+1?Qt.sand:Qt.dirt;if(e===i)return i<=bs+1?Qt.sand:Qt.grass;if(e<=bs)return Qt.water;for(let s=-2;s<=2;s++)for(let r=-2;r<=2;r++){let o=n+s,a=t+r,c=Al(o,a);if(c<=bs+1||lm(o,a)>.012)continue;if(s===0&&r===0&&e>c&&e<=c+4)return Qt.oak_log;let l=e-(c+4);if(l>=-1&&l<=1&&s*s+r*r+l*l*2<=5)return Qt.oak_leaves}return Qt.air}function*Wh(n=5){for(let e=-n;e<=n;e++)for(let t=-n;t<=n;t++)if(!(e*e+t*t>n*n))for(let i=2;i<=5;i++){let s=new Uint16Array(Li);for(let r=0;r<16;r++)for(let o=0;o<16;o++)for(let a=0;a<16;a++)s[Ss(a,r,o)]=cm(e*16+a,i*16+r,t*16+o);yield{pos:{x:e,y:i,z:t},data:am(s)}}}var hm=1n,Xh=1n<<62n|1n,um=1n<<62n|2n;function Yh(n,e){return Math.max(Al(Math.floor(n),Math.floor(e)),bs)+1}function Kh(){let n=(e,t)=>({x:e,y:Yh(e,t),z:t});return{entities:[{entityId:hm,kind:"strata:player",name:"demo-player",position:n(-40.5,-40.5),yaw:200,width:.6,height:1.8,tick:1n},{entityId:Xh,kind:"strata:critter",position:n(-36.5,-44.5),yaw:90,width:.9,height:.9,tick:1n},{entityId:um,kind:"example:slime",position:n(-44.5,-36.5),width:1.5,height:1.2,tick:1n}]}}function qh(n){let e=Number(n%400n)/400*2*Math.PI,t=-36.5+3*Math.cos(e)-3,i=-44.5+3*Math.sin(e);return{entityId:Xh,tick:n,position:{x:t,y:Yh(t,i),z:i},yaw:-e*180/Math.PI}}function Tl(n,e){return n!==null&&typeof n=="object"&&"$typeName"in n&&typeof n.$typeName=="string"?e===void 0?!0:e.typeName===n.$typeName:!1}var ee;(function(n){n[n.DOUBLE=1]="DOUBLE",n[n.FLOAT=2]="FLOAT",n[n.INT64=3]="INT64",n[n.UINT64=4]="UINT64",n[n.INT32=5]="INT32",n[n.FIXED64=6]="FIXED64",n[n.FIXED32=7]="FIXED32",n[n.BOOL=8]="BOOL",n[n.STRING=9]="STRING",n[n.BYTES=12]="BYTES",n[n.UINT32=13]="UINT32",n[n.SFIXED32=15]="SFIXED32",n[n.SFIXED64=16]="SFIXED64",n[n.SINT32=17]="SINT32",n[n.SINT64=18]="SINT64"})(ee||(ee={}));function Zh(){let n=this.buf,e=this.pos,t=0,i=0;for(let r=0;r<28;r+=7){let o=n[e++];if(t|=(o&127)<<r,(o&128)==0){this.pos=e,this.assertBounds(),this.varint64Lo=t,this.varint64Hi=i;return}}let s=n[e++];if(t|=(s&15)<<28,i=(s&112)>>4,(s&128)==0){this.pos=e,this.assertBounds(),this.varint64Lo=t,this.varint64Hi=i;return}for(let r=3;r<=31;r+=7){let o=n[e++];if(i|=(o&127)<<r,(o&128)==0){this.pos=e,this.assertBounds(),this.varint64Lo=t,this.varint64Hi=i;return}}throw new Error("invalid varint")}var Ur=4294967296;function wl(n){let e=n[0]==="-";e&&(n=n.slice(1));let t=1e6,i=0,s=0;function r(o,a){let c=Number(n.slice(o,a));s*=t,i=i*t+c,i>=Ur&&(s=s+(i/Ur|0),i=i%Ur)}return r(-24,-18),r(-18,-12),r(-12,-6),r(-6),e?Qh(i,s):Il(i,s)}function Jh(n,e){let t=Il(n,e),i=t.hi&2147483648;i&&(t=Qh(t.lo,t.hi));let s=Rl(t.lo,t.hi);return i?"-"+s:s}function Rl(n,e){if({lo:n,hi:e}=dm(n,e),e<=2097151)return String(Ur*e+n);let t=n&16777215,i=(n>>>24|e<<8)&16777215,s=e>>16&65535,r=t+i*6777216+s*6710656,o=i+s*8147497,a=s*2,c=1e7;return r>=c&&(o+=Math.floor(r/c),r%=c),o>=c&&(a+=Math.floor(o/c),o%=c),a.toString()+$h(o)+$h(r)}function dm(n,e){return{lo:n>>>0,hi:e>>>0}}function Il(n,e){return{lo:n|0,hi:e|0}}function Qh(n,e){return e=~e,n?n=~n+1:e+=1,Il(n,e)}var $h=n=>{let e=String(n);return"0000000".slice(e.length)+e};function jh(n,e){if(n>>>0<128){e.push(n);return}if(n>=0){for(;n>127;)e.push(n&127|128),n=n>>>7;e.push(n)}else{for(let t=0;t<9;t++)e.push(n&127|128),n=n>>7;e.push(1)}}function eu(){let n=this.buf[this.pos++];if((n&128)===0)return this.assertBounds(),n;let e=n&127;if(n=this.buf[this.pos++],e|=(n&127)<<7,(n&128)===0)return this.assertBounds(),e;if(n=this.buf[this.pos++],e|=(n&127)<<14,(n&128)===0)return this.assertBounds(),e;if(n=this.buf[this.pos++],e|=(n&127)<<21,(n&128)===0)return this.assertBounds(),e;n=this.buf[this.pos++],e|=(n&15)<<28;for(let t=5;(n&128)!==0&&t<10;t++)n=this.buf[this.pos++];if((n&128)!==0)throw new Error("invalid varint");return this.assertBounds(),e>>>0}var ut=fm();function fm(){let n=new DataView(new ArrayBuffer(8));if(typeof BigInt=="function"&&typeof n.getBigInt64=="function"&&typeof n.getBigUint64=="function"&&typeof n.setBigInt64=="function"&&typeof n.setBigUint64=="function"&&(!!globalThis.Deno||!!globalThis.Bun||typeof process!="object"||typeof process.env!="object"||process.env.BUF_BIGINT_DISABLE!=="1")){let t=BigInt("-9223372036854775808"),i=BigInt("9223372036854775807"),s=BigInt("0"),r=BigInt("18446744073709551615");return{zero:BigInt(0),supported:!0,parse(o){let a=typeof o=="bigint"?o:BigInt(o);if(a>i||a<t)throw new Error(`invalid int64: ${o}`);return a},uParse(o){let a=typeof o=="bigint"?o:BigInt(o);if(a>r||a<s)throw new Error(`invalid uint64: ${o}`);return a},enc(o){return n.setBigInt64(0,this.parse(o),!0),{lo:n.getInt32(0,!0),hi:n.getInt32(4,!0)}},uEnc(o){return n.setBigInt64(0,this.uParse(o),!0),{lo:n.getInt32(0,!0),hi:n.getInt32(4,!0)}},dec(o,a){return n.setInt32(0,o,!0),n.setInt32(4,a,!0),n.getBigInt64(0,!0)},uDec(o,a){return n.setInt32(0,o,!0),n.setInt32(4,a,!0),n.getBigUint64(0,!0)}}}return{zero:"0",supported:!1,parse(t){return typeof t!="string"&&(t=t.toString()),tu(t),t},uParse(t){return typeof t!="string"&&(t=t.toString()),nu(t),t},enc(t){return typeof t!="string"&&(t=t.toString()),tu(t),wl(t)},uEnc(t){return typeof t!="string"&&(t=t.toString()),nu(t),wl(t)},dec(t,i){return Jh(t,i)},uDec(t,i){return Rl(t,i)}}}function tu(n){if(!/^-?[0-9]+$/.test(n))throw new Error("invalid int64: "+n)}function nu(n){if(!/^[0-9]+$/.test(n))throw new Error("invalid uint64: "+n)}function Ms(n,e){switch(n){case ee.STRING:return"";case ee.BOOL:return!1;case ee.DOUBLE:case ee.FLOAT:return 0;case ee.INT64:case ee.UINT64:case ee.SFIXED64:case ee.FIXED64:case ee.SINT64:return e?"0":ut.zero;case ee.BYTES:return new Uint8Array(0);default:return 0}}function di(n,e){return Object.prototype.hasOwnProperty.call(n,e)&&n[e]!==void 0}function fi(n,e,t){e==="__proto__"?Object.defineProperty(n,"__proto__",{value:t,writable:!0,enumerable:!0,configurable:!0}):n[e]=t}function Es(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function Or(n){let e=n.fields[0];return mm(n.typeName)&&e!==void 0&&e.fieldKind=="scalar"&&e.name=="value"&&e.number==1}var pm=new Set(["google.protobuf.DoubleValue","google.protobuf.FloatValue","google.protobuf.Int64Value","google.protobuf.UInt64Value","google.protobuf.Int32Value","google.protobuf.UInt32Value","google.protobuf.BoolValue","google.protobuf.StringValue","google.protobuf.BytesValue"]);function mm(n){return pm.has(n)}var gm=999,_m=998,su=2;function pi(n,e){return Tl(e,n)?e:ru(n)(e)}var iu=new WeakMap;function ru(n){let e=iu.get(n);return e===void 0&&(e=xm(n),iu.set(n,e)),e}var Cl=0,ou=1,au=2,lu=3;function xm(n){let e=n.typeName,{properties:t,prototype:i}=ym(n);return s=>{let r;i!==void 0?(r=Object.create(i),r.$typeName=e):r={$typeName:e};for(let o=0;o<t.length;o++){let a=t[o],c=a.name,l=s?.[c];switch(a.kind){case Cl:l!=null?r[c]=a.convert!==void 0?a.convert(l):l:a.constant!==void 0&&(r[c]=a.constant);break;case ou:r[c]=a.convert!==void 0&&Array.isArray(l)?l.map(a.convert):l??[];break;case au:if(a.convert===void 0||!Es(l))r[c]=l??{};else{let h={},u=Object.keys(l);for(let d=0;d<u.length;d++)fi(h,u[d],a.convert(l[u[d]]));r[c]=h}break;case lu:{let h=l;if(h?.case!=null){let u=a.convert.get(h.case);if(u!==void 0){r[c]={case:h.case,value:u(h.value)};break}}r[c]={case:void 0};break}}}return r}}function ym(n){var e,t;let i=[],s={},r=Sm(n);for(let o of n.members){let a=o.localName;if(o.kind=="oneof"){i.push({name:a,kind:lu,constant:void 0,convert:vm(o)});continue}switch(o.fieldKind){case"message":{i.push({name:a,kind:Cl,constant:void 0,convert:Fr(o)});break}case"list":{i.push({name:a,kind:ou,constant:void 0,convert:o.listKind=="message"?(e=Fr(o))!==null&&e!==void 0?e:(c=>c):o.scalar==ee.BYTES?As:void 0});break}case"map":{i.push({name:a,kind:au,constant:void 0,convert:o.mapKind=="message"?(t=Fr(o))!==null&&t!==void 0?t:(c=>c):o.scalar==ee.BYTES?As:void 0});break}default:{let c=bm(o);i.push({name:a,kind:Cl,constant:o.presence==su?c:void 0,convert:o.fieldKind=="scalar"&&o.scalar==ee.BYTES?As:void 0}),r&&(s[a]=c);break}}}return{properties:i,prototype:r?s:void 0}}function vm(n){let e=new Map;for(let t of n.fields){let i;t.fieldKind=="message"?i=Fr(t):t.fieldKind=="scalar"&&t.scalar==ee.BYTES&&(i=As),e.set(t.localName,i??(s=>s))}return e}function Fr(n){if(n.fieldKind=="message"&&!n.oneof&&Or(n.message))return n.message.fields[0].scalar==ee.BYTES?As:void 0;if(n.message.typeName=="google.protobuf.Struct"&&n.parent.typeName!=="google.protobuf.Value")return;let e=n.message,t;return i=>!Es(i)||Tl(i,e)?i:(t??(t=ru(e)),t(i))}function As(n){return Array.isArray(n)?new Uint8Array(n):n}function Sm(n){switch(n.file.edition){case gm:return!1;case _m:return!0;default:return n.fields.some(e=>e.presence!=su&&e.fieldKind!="message"&&!e.oneof)}}function bm(n){let e=n.getDefaultValue();return e!==void 0?n.fieldKind=="scalar"&&n.longAsString?e.toString():e:n.fieldKind=="scalar"?Ms(n.scalar,n.longAsString):n.enum.values[0].number}var Br=class extends Error{constructor(e,t,i="FieldValueInvalidError"){super(t),this.name=i,this.field=()=>e}};var Nl;function Mm(n){var e;Nl=Object.assign(Object.assign({},n),{encodeUtf8Into:(e=n.encodeUtf8Into)!==null&&e!==void 0?e:Ll(n.encodeUtf8.bind(n))})}function Pl(){if(!Nl){let n=globalThis;if(!n.TextEncoder||!n.TextDecoder)throw new Error("encoding API missing: install TextEncoder and TextDecoder on globalThis");let e=new n.TextEncoder,t=new n.TextDecoder("utf-8",{ignoreBOM:!0}),i,s={encodeUtf8(o){return e.encode(o)},decodeUtf8(o,a){return a?(i||(i=new n.TextDecoder("utf-8",{fatal:!0,ignoreBOM:!0})),i.decode(o)):t.decode(o)},checkUtf8(o){try{return encodeURIComponent(o),!0}catch{return!1}}};e.encodeInto&&(s.encodeUtf8Into=e.encodeInto.bind(e));let r=String.prototype.isWellFormed;r&&(s.checkUtf8=o=>r.call(o)),Mm(s)}return Nl}function Ll(n){return(e,t)=>{let i=n(e);return t.set(i),{written:i.byteLength}}}var et;(function(n){n[n.Varint=0]="Varint",n[n.Bit64=1]="Bit64",n[n.LengthDelimited=2]="LengthDelimited",n[n.StartGroup=3]="StartGroup",n[n.EndGroup=4]="EndGroup",n[n.Bit32=5]="Bit32"})(et||(et={}));var Em=4294967295,Am=2147483647,Tm=-2147483648,kr=class{constructor(e){this.stackPos=[],this.encodeUtf8Into=e?Ll(e):Pl().encodeUtf8Into,this.buffer=hu,this.viewCache=Rm,this.pos=0}ensureCapacity(e){let t=this.pos+e;if(t>this.buffer.length){let i=this.buffer.length||wm;for(;i<t;)i*=2;let s=new Uint8Array(i);this.pos>0&&s.set(this.buffer),this.buffer=s}}view(){let e=this.buffer,t=this.viewCache;if(t.byteLength===e.byteLength)return t;let i=new DataView(e.buffer);return this.viewCache=i,i}finish(){let e=this.buffer.slice(0,this.pos);return this.pos=0,this.stackPos=[],e}fork(){return this.stackPos.push(this.pos),this.ensureCapacity(Ts),this.buffer[this.pos++]=0,this}join(){let e=this.stackPos.pop();if(e===void 0)throw new Error("invalid state, fork stack empty");let t=this.pos-e-Ts,i=Dl(t);return i>Ts&&(this.ensureCapacity(i-Ts),this.buffer.copyWithin(e+i,e+Ts,this.pos)),this.pos=e,this.uint32(t),this.pos+=t,this}tag(e,t){return this.uint32((e<<3|t)>>>0)}raw(e){return this.ensureCapacity(e.length),this.buffer.set(e,this.pos),this.pos+=e.length,this}uint32(e){if(cu(e),this.ensureCapacity(5),e<128)return this.buffer[this.pos++]=e,this;for(;e>127;)this.buffer[this.pos++]=e&127|128,e>>>=7;return this.buffer[this.pos++]=e,this}int32(e){if(Ul(e),e>=0)return this.uint32(e);this.ensureCapacity(10);for(let t=0;t<9;t++)this.buffer[this.pos++]=e&127|128,e>>=7;return this.buffer[this.pos++]=1,this}bool(e){return this.ensureCapacity(1),this.buffer[this.pos++]=e?1:0,this}bytes(e){return this.uint32(e.byteLength),this.raw(e)}string(e){typeof e!="string"&&(e=String(e));let t=e.length;if(t<=uu){this.ensureCapacity(t+1);let c=this.buffer,l=this.pos;c[l++]=t;let h=0;for(;h<t;h++){let u=e.charCodeAt(h);if(u>127)break;c[l++]=u}if(h==t)return this.pos=l,this}this.ensureCapacity(t*3+5);let i=Dl(t),s=this.buffer,r=this.pos,{written:o}=this.encodeUtf8Into(e,s.subarray(r+i)),a=Dl(o);return a!=i&&s.copyWithin(r+a,r+i,r+i+o),this.uint32(o),this.pos+=o,this}float(e){return Im(e),this.ensureCapacity(4),this.view().setFloat32(this.pos,e,!0),this.pos+=4,this}double(e){return this.ensureCapacity(8),this.view().setFloat64(this.pos,e,!0),this.pos+=8,this}fixed32(e){return cu(e),this.ensureCapacity(4),this.view().setUint32(this.pos,e,!0),this.pos+=4,this}sfixed32(e){return Ul(e),this.ensureCapacity(4),this.view().setInt32(this.pos,e,!0),this.pos+=4,this}sint32(e){return Ul(e),this.uint32((e<<1^e>>31)>>>0)}sfixed64(e){let t=ut.enc(e);this.ensureCapacity(8);let i=this.view();return i.setInt32(this.pos,t.lo,!0),i.setInt32(this.pos+4,t.hi,!0),this.pos+=8,this}fixed64(e){let t=ut.uEnc(e);this.ensureCapacity(8);let i=this.view();return i.setInt32(this.pos,t.lo,!0),i.setInt32(this.pos+4,t.hi,!0),this.pos+=8,this}int64(e){let t=ut.enc(e);return this.writeVarint64(t.lo,t.hi)}sint64(e){let t=ut.enc(e),i=t.hi>>31,s=t.lo<<1^i,r=(t.hi<<1|t.lo>>>31)^i;return this.writeVarint64(s,r)}uint64(e){let t=ut.uEnc(e);return this.writeVarint64(t.lo,t.hi)}writeVarint64(e,t){this.ensureCapacity(10);let i=this.buffer,s=this.pos;for(let a=0;a<28;a=a+7){let c=e>>>a,l=!(!(c>>>7)&&t==0);if(i[s++]=(l?c|128:c)&255,!l)return this.pos=s,this}let r=e>>>28&15|(t&7)<<4,o=t>>3!=0;if(i[s++]=(o?r|128:r)&255,!o)return this.pos=s,this;for(let a=3;a<31;a=a+7){let c=t>>>a,l=!!(c>>>7);if(i[s++]=(l?c|128:c)&255,!l)return this.pos=s,this}return i[s++]=t>>>31&1,this.pos=s,this}},wm=128,Ts=1,hu=new Uint8Array(0),Rm=new DataView(hu.buffer),uu=32;function Dl(n){return n<128?1:n<16384?2:n<2097152?3:n<268435456?4:5}var mi=class{constructor(e,t=Pl().decodeUtf8){this.decodeUtf8=t,this.varint64Lo=0,this.varint64Hi=0,this.varint64=Zh,this.uint32=eu,this.buf=e,this.len=e.length,this.pos=0,this.view=new DataView(e.buffer,e.byteOffset,e.byteLength)}tag(){let e=this.pos,t=this.uint32(),i=this.pos-e;if(i>5||i==5&&this.buf[this.pos-1]>15)throw new Error("illegal tag: varint overflows uint32");let s=t>>>3,r=t&7;if(s<=0||r>5)throw new Error("illegal tag: field no "+s+" wire type "+r);return[s,r]}skip(e,t,i=100){let s=this.pos;switch(e){case et.Varint:for(;this.buf[this.pos++]&128;);break;case et.Bit64:this.pos+=4;case et.Bit32:this.pos+=4;break;case et.LengthDelimited:let r=this.uint32();this.pos+=r;break;case et.StartGroup:if(i<=0)throw new Error("maximum recursion depth reached");for(;;){let[o,a]=this.tag();if(a===et.EndGroup){if(t!==void 0&&o!==t)throw new Error("invalid end group tag");break}this.skip(a,o,i-1)}break;default:throw new Error("cant skip wire type "+e)}return this.assertBounds(),this.buf.subarray(s,this.pos)}assertBounds(){if(this.pos>this.len)throw new RangeError("premature EOF")}int32(){return this.uint32()|0}sint32(){let e=this.uint32();return e>>>1^-(e&1)}int64(){return this.varint64(),ut.dec(this.varint64Lo,this.varint64Hi)}uint64(){return this.varint64(),ut.uDec(this.varint64Lo,this.varint64Hi)}sint64(){this.varint64();let e=this.varint64Lo,t=this.varint64Hi,i=-(e&1);return e=(e>>>1|(t&1)<<31)^i,t=t>>>1^i,ut.dec(e,t)}bool(){let e=this.buf[this.pos];return e<128?(this.pos++,e!==0):(this.varint64(),this.varint64Lo!==0||this.varint64Hi!==0)}fixed32(){return this.view.getUint32((this.pos+=4)-4,!0)}sfixed32(){return this.view.getInt32((this.pos+=4)-4,!0)}fixed64(){return ut.uDec(this.sfixed32(),this.sfixed32())}sfixed64(){return ut.dec(this.sfixed32(),this.sfixed32())}float(){return this.view.getFloat32((this.pos+=4)-4,!0)}double(){return this.view.getFloat64((this.pos+=8)-8,!0)}bytes(){let e=this.uint32(),t=this.pos;return this.pos+=e,this.assertBounds(),this.buf.subarray(t,t+e)}string(e){let t=this.uint32(),i=this.pos;this.pos+=t,this.assertBounds();let s=this.buf;if(t<=uu){let r=new Array(t);for(let o=0;o<t;o++){let a=s[i+o];if(a>127)return this.decodeUtf8(s.subarray(i,this.pos),e);r[o]=a}return String.fromCharCode.apply(String,r)}return this.decodeUtf8(s.subarray(i,this.pos),e)}};function Ul(n){if(typeof n=="string")n=Number(n);else if(typeof n!="number")throw new Error("invalid int32: "+typeof n);if(!Number.isInteger(n)||n>Am||n<Tm)throw new Error("invalid int32: "+n)}function cu(n){if(typeof n=="string")n=Number(n);else if(typeof n!="number")throw new Error("invalid uint32: "+typeof n);if(!Number.isInteger(n)||n>Em||n<0)throw new Error("invalid uint32: "+n)}function Im(n){if(typeof n=="string"){let e=n;if(n=Number(n),Number.isNaN(n)&&e!=="NaN")throw new Error("invalid float32: "+e)}else if(typeof n!="number")throw new Error("invalid float32: "+typeof n);if(!Number.isFinite(Math.fround(n))&&Number.isFinite(n))throw new Error("invalid float32: "+n)}var Cm=0;function Kn(n){if(Nm(n))return{toMessage:t=>du(t),toLocal:t=>fu(t)};if(n.fieldKind=="message"&&!n.oneof&&Or(n.message)){let t=n.message,i=t.fields[0].localName;return{toMessage:s=>{let r=pi(t);return s!==void 0&&(r[i]=s),r},toLocal:s=>s[i]}}let e=n.message;return{toMessage:t=>t===void 0?pi(e):t,toLocal:t=>t}}function Nm(n){return n.message.typeName=="google.protobuf.Struct"&&n.parent.typeName!="google.protobuf.Value"}function du(n){let e={$typeName:"google.protobuf.Struct",fields:{}};if(Es(n))for(let t of Object.keys(n))fi(e.fields,t,mu(n[t]));return e}function fu(n){let e={};for(let t of Object.keys(n.fields))fi(e,t,pu(n.fields[t]));return e}function pu(n){switch(n.kind.case){case"structValue":return fu(n.kind.value);case"listValue":return n.kind.value.values.map(pu);case"nullValue":case void 0:return null;default:return n.kind.value}}function mu(n){let e={$typeName:"google.protobuf.Value",kind:{case:void 0}};switch(typeof n){case"number":e.kind={case:"numberValue",value:n};break;case"string":e.kind={case:"stringValue",value:n};break;case"boolean":e.kind={case:"boolValue",value:n};break;case"object":if(n===null)e.kind={case:"nullValue",value:Cm};else if(Array.isArray(n)){let t={$typeName:"google.protobuf.ListValue",values:[]};if(Array.isArray(n))for(let i of n)t.values.push(mu(i));e.kind={case:"listValue",value:t}}else e.kind={case:"structValue",value:du(n)};break}return e}var gu=Uint8Array.prototype.setFromBase64;function xu(n){let e=n.length,t=e-(e+3>>2);(e&3)==0&&n[e-1]=="="&&(t-=n[e-2]=="="?2:1);let i=new Uint8Array(t),s=-1;if(gu)try{let r=gu.call(i,n);r.read==e&&(s=r.written)}catch{}return s<0&&(s=Pm(i,n)),s==t?i:i.subarray(0,s)}function Pm(n,e){let t=Dm(),i=0,s=0,r,o=0;for(let a=0;a<e.length;a++){if(r=t[e.charCodeAt(a)],r===void 0)switch(e[a]){case"=":s=0;case`
`:case"\r":case"	":case" ":continue;default:throw Error("invalid base64 string")}switch(s){case 0:o=r,s=1;break;case 1:n[i++]=o<<2|(r&48)>>4,o=r,s=2;break;case 2:n[i++]=(o&15)<<4|(r&60)>>2,o=r,s=3;break;case 3:n[i++]=(o&3)<<6|r,s=0;break}}if(s==1)throw Error("invalid base64 string");return i}var Hb=Uint8Array.prototype.toBase64;var zr,_u,Di;function Lm(n){return zr||(zr="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split(""),_u=zr.slice(0,-2).concat("-","_")),n=="url"?_u:zr}function Dm(){if(!Di){Di=[];let n=Lm("std");for(let e=0;e<n.length;e++)Di[n[e].charCodeAt(0)]=e;Di[45]=n.indexOf("+"),Di[95]=n.indexOf("/")}return Di}function Ui(n){let e=!1,t=[];for(let i=0;i<n.length;i++){let s=n.charAt(i);switch(s){case"_":e=!0;break;case"0":case"1":case"2":case"3":case"4":case"5":case"6":case"7":case"8":case"9":t.push(s),e=!1;break;default:e&&(e=!1,s=s.toUpperCase()),t.push(s);break}}return t.join("")}var Um=new Set(["constructor","toString","toJSON","valueOf"]);function Oi(n){return Um.has(n)?n+"$":n}function ws(n){for(let e of n.field)di(e,"jsonName")||(e.jsonName=Ui(e.name));n.nestedType.forEach(ws)}function yu(n,e){let t=n.values.find(i=>i.name===e);if(!t)throw new Error(`cannot parse ${n} default value: ${e}`);return t.number}function vu(n,e){switch(n){case ee.STRING:return e;case ee.BYTES:{let t=Om(e);if(t===!1)throw new Error(`cannot parse ${ee[n]} default value: ${e}`);return t}case ee.INT64:case ee.SFIXED64:case ee.SINT64:return ut.parse(e);case ee.UINT64:case ee.FIXED64:return ut.uParse(e);case ee.DOUBLE:case ee.FLOAT:switch(e){case"inf":return Number.POSITIVE_INFINITY;case"-inf":return Number.NEGATIVE_INFINITY;case"nan":return Number.NaN;default:return parseFloat(e)}case ee.BOOL:return e==="true";case ee.INT32:case ee.UINT32:case ee.SINT32:case ee.FIXED32:case ee.SFIXED32:return parseInt(e,10)}}function Om(n){let e=[],t={tail:n,c:"",next(){return this.tail.length==0?!1:(this.c=this.tail[0],this.tail=this.tail.substring(1),!0)},take(i){if(this.tail.length>=i){let s=this.tail.substring(0,i);return this.tail=this.tail.substring(i),s}return!1}};for(;t.next();)switch(t.c){case"\\":if(t.next())switch(t.c){case"\\":e.push(t.c.charCodeAt(0));break;case"b":e.push(8);break;case"f":e.push(12);break;case"n":e.push(10);break;case"r":e.push(13);break;case"t":e.push(9);break;case"v":e.push(11);break;case"0":case"1":case"2":case"3":case"4":case"5":case"6":case"7":{let i=t.c,s=t.take(2);if(s===!1)return!1;let r=parseInt(i+s,8);if(Number.isNaN(r))return!1;e.push(r);break}case"x":{let i=t.c,s=t.take(2);if(s===!1)return!1;let r=parseInt(i+s,16);if(Number.isNaN(r))return!1;e.push(r);break}case"u":{let i=t.c,s=t.take(4);if(s===!1)return!1;let r=parseInt(i+s,16);if(Number.isNaN(r))return!1;let o=new Uint8Array(4);new DataView(o.buffer).setInt32(0,r,!0),e.push(o[0],o[1],o[2],o[3]);break}case"U":{let i=t.c,s=t.take(8);if(s===!1)return!1;let r=ut.uEnc(i+s),o=new Uint8Array(8),a=new DataView(o.buffer);a.setInt32(0,r.lo,!0),a.setInt32(4,r.hi,!0),e.push(o[0],o[1],o[2],o[3],o[4],o[5],o[6],o[7]);break}}break;default:e.push(t.c.charCodeAt(0))}return new Uint8Array(e)}function*Vr(n){switch(n.kind){case"file":for(let e of n.messages)yield e,yield*Vr(e);yield*n.enums,yield*n.services,yield*n.extensions;break;case"message":for(let e of n.nestedMessages)yield e,yield*Vr(e);yield*n.nestedEnums,yield*n.nestedExtensions;break}}function Gr(n,e){return Fm([n,e])}function Fm(n,e){let t=Bm();if(!n.length)return t;if("$typeName"in n[0]&&n[0].$typeName=="google.protobuf.FileDescriptorSet"){for(let i of n[0].file)e?.(i),Eu(i,t);return t}if("$typeName"in n[0]){let o=function(a){let c=[];for(let l of a.dependency){if(t.getFile(l)!=null||r.has(l))continue;let h=s(l);if(!h)throw new Error(`Unable to resolve ${l}, imported by ${a.name}`);"kind"in h?t.addFile(h,!1,!0):(r.add(h.name),c.push(h))}return c.concat(...c.map(o))},i=n[0],s=n[1],r=new Set;for(let a of[i,...o(i)].reverse())e?.(a),Eu(a,t)}else for(let i of n)for(let s of i.files)t.addFile(s);return t}function Bm(){let n=new Map,e=new Map,t=new Map;return{kind:"registry",types:n,extendees:e,[Symbol.iterator](){return n.values()},get files(){return t.values()},addFile(i,s,r){if(t.set(i.proto.name,i),!s)for(let o of Vr(i))this.add(o);if(r)for(let o of i.dependencies)this.addFile(o,s,r)},add(i){if(i.kind=="extension"){let s=e.get(i.extendee.typeName);s||e.set(i.extendee.typeName,s=new Map),s.set(i.number,i)}n.set(i.typeName,i)},get(i){return n.get(i)},getFile(i){return t.get(i)},getMessage(i){let s=n.get(i);return s?.kind=="message"?s:void 0},getEnum(i){let s=n.get(i);return s?.kind=="enum"?s:void 0},getExtension(i){let s=n.get(i);return s?.kind=="extension"?s:void 0},getExtensionFor(i,s){var r;return(r=e.get(i.typeName))===null||r===void 0?void 0:r.get(s)},getService(i){let s=n.get(i);return s?.kind=="service"?s:void 0}}}var km=998,zm=999,Vm=9999,Gm=9,Is=10,Rs=11,Hm=12,Su=14,zl=3,Wm=2,bu=1,Xm=0,Ol=1,Mu=2,Ym=3,Km=1,qm=2,$m=1,Zm=2;var Jm=1002,Tu={998:{fieldPresence:1,enumType:2,repeatedFieldEncoding:2,utf8Validation:3,messageEncoding:1,jsonFormat:2,enforceNamingStyle:2,defaultSymbolVisibility:1,enforceProtoLimits:1},999:{fieldPresence:2,enumType:1,repeatedFieldEncoding:1,utf8Validation:2,messageEncoding:1,jsonFormat:1,enforceNamingStyle:2,defaultSymbolVisibility:1,enforceProtoLimits:1},1e3:{fieldPresence:1,enumType:1,repeatedFieldEncoding:1,utf8Validation:2,messageEncoding:1,jsonFormat:1,enforceNamingStyle:2,defaultSymbolVisibility:1,enforceProtoLimits:1},1001:{fieldPresence:1,enumType:1,repeatedFieldEncoding:1,utf8Validation:2,messageEncoding:1,jsonFormat:1,enforceNamingStyle:1,defaultSymbolVisibility:2,enforceProtoLimits:1},1002:{fieldPresence:1,enumType:1,repeatedFieldEncoding:1,utf8Validation:2,messageEncoding:1,jsonFormat:1,enforceNamingStyle:3,defaultSymbolVisibility:4,enforceProtoLimits:2}};function Eu(n,e){var t,i;let s={kind:"file",proto:n,deprecated:(i=(t=n.options)===null||t===void 0?void 0:t.deprecated)!==null&&i!==void 0?i:!1,edition:tg(n),name:n.name.replace(/\.proto$/,""),dependencies:ng(n,e),enums:[],messages:[],extensions:[],services:[],toString(){return`file ${n.name}`}},r=new Map,o={get(a){return r.get(a)},add(a){var c;on(((c=a.proto.options)===null||c===void 0?void 0:c.mapEntry)===!0),r.set(a.typeName,a)}};for(let a of n.enumType)wu(a,s,void 0,e);for(let a of n.messageType)Ru(a,s,void 0,e,o);for(let a of n.service)Qm(a,s,e);Fl(s,e);for(let a of r.values())Bl(a,e,o);for(let a of s.messages)Bl(a,e,o),Fl(a,e);e.addFile(s,!0)}function Fl(n,e){switch(n.kind){case"file":for(let t of n.proto.extension){let i=kl(t,n,e);n.extensions.push(i),e.add(i)}break;case"message":for(let t of n.proto.extension){let i=kl(t,n,e);n.nestedExtensions.push(i),e.add(i)}for(let t of n.nestedMessages)Fl(t,e);break}}function Bl(n,e,t){let i=n.proto.oneofDecl.map(r=>eg(r,n)),s=new Set;for(let r of n.proto.field){let o=og(r,i),a=kl(r,n,e,o,t);n.fields.push(a),n.field[a.localName]=a,o===void 0?n.members.push(a):(o.fields.push(a),s.has(o)||(s.add(o),n.members.push(o)))}for(let r of i.filter(o=>s.has(o)))n.oneofs.push(r);for(let r of n.nestedMessages)Bl(r,e,t)}function wu(n,e,t,i){var s,r,o,a,c,l,h,u,d;let p=ig(n.name,n.value),g={kind:"enum",proto:n,deprecated:(r=(s=n.options)===null||s===void 0?void 0:s.deprecated)!==null&&r!==void 0?r:!1,file:e,parent:t,open:!0,name:n.name,typeName:Hr(n,t,e),value:{},values:[],sharedPrefix:p,toString(){return`enum ${this.typeName}`}};g.open=hg(g),i.add(g);for(let v of n.value){let f=v.name,m={kind:"enum_value",proto:v,deprecated:(a=(o=v.options)===null||o===void 0?void 0:o.deprecated)!==null&&a!==void 0?a:!1,parent:g,name:f,localName:Oi(p==null?f:f.substring(p.length)),number:v.number,jsonName:(c=sg(v))!==null&&c!==void 0?c:f,toString(){return`enum value ${g.typeName}.${f}`}};g.values.push(m),(l=(u=g.value)[d=v.number])!==null&&l!==void 0||(u[d]=m)}((h=t?.nestedEnums)!==null&&h!==void 0?h:e.enums).push(g)}function Ru(n,e,t,i,s){var r,o,a,c;let l={kind:"message",proto:n,deprecated:(o=(r=n.options)===null||r===void 0?void 0:r.deprecated)!==null&&o!==void 0?o:!1,file:e,parent:t,name:n.name,typeName:Hr(n,t,e),fields:[],field:{},oneofs:[],members:[],nestedEnums:[],nestedMessages:[],nestedExtensions:[],toString(){return`message ${this.typeName}`}};((a=n.options)===null||a===void 0?void 0:a.mapEntry)===!0?s.add(l):(((c=t?.nestedMessages)!==null&&c!==void 0?c:e.messages).push(l),i.add(l));for(let h of n.enumType)wu(h,e,l,i);for(let h of n.nestedType)Ru(h,e,l,i,s)}function Qm(n,e,t){var i,s;let r={kind:"service",proto:n,deprecated:(s=(i=n.options)===null||i===void 0?void 0:i.deprecated)!==null&&s!==void 0?s:!1,file:e,name:n.name,typeName:Hr(n,void 0,e),methods:[],method:{},toString(){return`service ${this.typeName}`}};e.services.push(r),t.add(r);for(let o of n.method){let a=jm(o,r,t);r.methods.push(a),r.method[a.localName]=a}}function jm(n,e,t){var i,s,r,o;let a;n.clientStreaming&&n.serverStreaming?a="bidi_streaming":n.clientStreaming?a="client_streaming":n.serverStreaming?a="server_streaming":a="unary";let c=t.getMessage(In(n.inputType)),l=t.getMessage(In(n.outputType));on(c,`invalid MethodDescriptorProto: input_type ${n.inputType} not found`),on(l,`invalid MethodDescriptorProto: output_type ${n.inputType} not found`);let h=n.name;return{kind:"rpc",proto:n,deprecated:(s=(i=n.options)===null||i===void 0?void 0:i.deprecated)!==null&&s!==void 0?s:!1,parent:e,name:h,localName:Oi(h.length?Oi(h[0].toLowerCase()+h.substring(1)):h),methodKind:a,input:c,output:l,idempotency:(o=(r=n.options)===null||r===void 0?void 0:r.idempotencyLevel)!==null&&o!==void 0?o:Xm,toString(){return`rpc ${e.typeName}.${h}`}}}function eg(n,e){return{kind:"oneof",proto:n,deprecated:!1,parent:e,fields:[],name:n.name,localName:Oi(Ui(n.name)),toString(){return`oneof ${e.typeName}.${this.name}`}}}function kl(n,e,t,i,s){var r,o,a;let c=s===void 0,l={kind:"field",proto:n,deprecated:(o=(r=n.options)===null||r===void 0?void 0:r.deprecated)!==null&&o!==void 0?o:!1,name:n.name,number:n.number,scalar:void 0,message:void 0,enum:void 0,presence:ag(n,i,c,e),utf8Validation:ug(n,e),listKind:void 0,mapKind:void 0,mapKey:void 0,delimitedEncoding:void 0,packed:void 0,longAsString:!1,getDefaultValue:void 0},h;if(c){let g=e.kind=="file"?e:e.file,v=e.kind=="file"?void 0:e,f=Hr(n,v,g);l.kind="extension",l.file=g,l.parent=v,l.oneof=void 0,l.typeName=f,l.jsonName=`[${f}]`,h=()=>`extension ${f}`;let m=t.getMessage(In(n.extendee));on(m,`invalid FieldDescriptorProto: extendee ${n.extendee} not found`),l.extendee=m}else{let g=e;on(g.kind=="message"),l.parent=g,l.oneof=i,l.localName=i?Ui(n.name):Oi(Ui(n.name)),l.jsonName=n.jsonName,h=()=>`field ${g.typeName}.${n.name}`}Object.defineProperty(l,"toString",{value:h,writable:!0,enumerable:!0,configurable:!0});let u=n.label,d=n.type,p=(a=n.options)===null||a===void 0?void 0:a.jstype;if(u===zl){let g=d==Rs?s?.get(In(n.typeName)):void 0;if(g){l.fieldKind="map";let{key:v,value:f}=cg(g);return l.mapKey=v.scalar,l.mapKind=f.fieldKind,l.message=f.message,l.delimitedEncoding=!1,l.enum=f.enum,l.scalar=f.scalar,l}switch(l.fieldKind="list",d){case Rs:case Is:l.listKind="message",l.message=t.getMessage(In(n.typeName)),on(l.message),l.delimitedEncoding=Au(n,e);break;case Su:l.listKind="enum",l.enum=t.getEnum(In(n.typeName)),on(l.enum);break;default:l.listKind="scalar",l.scalar=d,l.longAsString=p==bu;break}return l.packed=lg(n,e),l}switch(d){case Rs:case Is:l.fieldKind="message",l.message=t.getMessage(In(n.typeName)),on(l.message,`invalid FieldDescriptorProto: type_name ${n.typeName} not found`),l.delimitedEncoding=Au(n,e),l.getDefaultValue=()=>{};break;case Su:{let g=t.getEnum(In(n.typeName));on(g!==void 0,`invalid FieldDescriptorProto: type_name ${n.typeName} not found`),l.fieldKind="enum",l.enum=t.getEnum(In(n.typeName)),l.getDefaultValue=()=>di(n,"defaultValue")?yu(g,n.defaultValue):void 0;break}default:{l.fieldKind="scalar",l.scalar=d,l.longAsString=p==bu,l.getDefaultValue=()=>di(n,"defaultValue")?vu(d,n.defaultValue):void 0;break}}return l}function tg(n){switch(n.syntax){case"":case"proto2":return km;case"proto3":return zm;case"editions":if(n.edition===Vm)return Jm;if(n.edition in Tu)return n.edition;throw new Error(`${n.name}: unsupported edition`);default:throw new Error(`${n.name}: unsupported syntax "${n.syntax}"`)}}function ng(n,e){return n.dependency.map(t=>{let i=e.getFile(t);if(!i)throw new Error(`Cannot find ${t}, imported by ${n.name}`);return i})}function ig(n,e){let t=rg(n)+"_";for(let i of e){if(!i.name.toLowerCase().startsWith(t))return;let s=i.name.substring(t.length);if(s.length==0||/^\d/.test(s))return}return t}function sg(n){var e,t;let r;for(let o of(t=(e=n.options)===null||e===void 0?void 0:e.$unknown)!==null&&t!==void 0?t:[]){if(o.no!==998||o.wireType!==et.LengthDelimited)continue;let a=new mi(new mi(o.data).bytes());for(;a.pos<a.len;){let[c,l]=a.tag();c===1&&l===et.LengthDelimited?r=a.string():a.skip(l,c)}}return r}function rg(n){return(n.substring(0,1)+n.substring(1).replace(/[A-Z]/g,e=>"_"+e)).toLowerCase()}function Hr(n,e,t){let i;return e?i=`${e.typeName}.${n.name}`:t.proto.package.length>0?i=`${t.proto.package}.${n.name}`:i=`${n.name}`,i}function In(n){return n.startsWith(".")?n.substring(1):n}function og(n,e){if(!di(n,"oneofIndex")||n.proto3Optional)return;let t=e[n.oneofIndex];return on(t,`invalid FieldDescriptorProto: oneof #${n.oneofIndex} for field #${n.number} not found`),t}function ag(n,e,t,i){if(n.label==Wm)return Ym;if(n.label==zl)return Mu;if(e||n.proto3Optional||t)return Ol;let s=gi("fieldPresence",{proto:n,parent:i});return s==Mu&&(n.type==Rs||n.type==Is)?Ol:s}function lg(n,e){if(n.label!=zl)return!1;switch(n.type){case Gm:case Hm:case Is:case Rs:return!1}let t=n.options;return t&&di(t,"packed")?t.packed:Km==gi("repeatedFieldEncoding",{proto:n,parent:e})}function cg(n){let e=n.fields.find(i=>i.number===1),t=n.fields.find(i=>i.number===2);return on(e&&e.fieldKind=="scalar"&&e.scalar!=ee.BYTES&&e.scalar!=ee.FLOAT&&e.scalar!=ee.DOUBLE&&t&&t.fieldKind!="list"&&t.fieldKind!="map"),{key:e,value:t}}function hg(n){var e;return $m==gi("enumType",{proto:n.proto,parent:(e=n.parent)!==null&&e!==void 0?e:n.file})}function Au(n,e){return n.type==Is?!0:qm==gi("messageEncoding",{proto:n,parent:e})}function ug(n,e){return Zm==gi("utf8Validation",{proto:n,parent:e})}function gi(n,e){var t,i;let s=(t=e.proto.options)===null||t===void 0?void 0:t.features;if(s){let r=s[n];if(r!=0)return r}if("kind"in e){if(e.kind=="message")return gi(n,(i=e.parent)!==null&&i!==void 0?i:e.file);let r=Tu[e.edition];if(!r)throw new Error(`feature default for edition ${e.edition} not found`);return r[n]}return gi(n,e.parent)}function on(n,e){if(!n)throw new Error(e)}function Iu(n){let e=dg(n);return e.messageType.forEach(ws),Gr(e,()=>{}).getFile(e.name)}function dg(n){return Object.assign(Object.create({syntax:"",edition:0}),Object.assign(Object.assign({$typeName:"google.protobuf.FileDescriptorProto",dependency:[],publicDependency:[],weakDependency:[],optionDependency:[],service:[],extension:[]},n),{messageType:n.messageType.map(Cu),enumType:n.enumType.map(Nu)}))}function Cu(n){var e,t,i,s,r,o,a,c;return Object.assign(Object.create({visibility:0}),{$typeName:"google.protobuf.DescriptorProto",name:n.name,field:(t=(e=n.field)===null||e===void 0?void 0:e.map(fg))!==null&&t!==void 0?t:[],extension:[],nestedType:(s=(i=n.nestedType)===null||i===void 0?void 0:i.map(Cu))!==null&&s!==void 0?s:[],enumType:(o=(r=n.enumType)===null||r===void 0?void 0:r.map(Nu))!==null&&o!==void 0?o:[],extensionRange:(c=(a=n.extensionRange)===null||a===void 0?void 0:a.map(h=>Object.assign({$typeName:"google.protobuf.DescriptorProto.ExtensionRange"},h)))!==null&&c!==void 0?c:[],oneofDecl:[],reservedRange:[],reservedName:[]})}function fg(n){return Object.assign(Object.create({label:1,typeName:"",extendee:"",defaultValue:"",oneofIndex:0,jsonName:"",proto3Optional:!1}),Object.assign(Object.assign({$typeName:"google.protobuf.FieldDescriptorProto"},n),{options:n.options?pg(n.options):void 0}))}function pg(n){var e,t,i;return Object.assign(Object.create({ctype:0,packed:!1,jstype:0,lazy:!1,unverifiedLazy:!1,deprecated:!1,weak:!1,debugRedact:!1,retention:0}),Object.assign(Object.assign({$typeName:"google.protobuf.FieldOptions"},n),{targets:(e=n.targets)!==null&&e!==void 0?e:[],editionDefaults:(i=(t=n.editionDefaults)===null||t===void 0?void 0:t.map(r=>Object.assign({$typeName:"google.protobuf.FieldOptions.EditionDefault"},r)))!==null&&i!==void 0?i:[],uninterpretedOption:[]}))}function Nu(n){return Object.assign(Object.create({visibility:0}),{$typeName:"google.protobuf.EnumDescriptorProto",name:n.name,reservedName:[],reservedRange:[],value:n.value.map(t=>Object.assign({$typeName:"google.protobuf.EnumValueDescriptorProto"},t))})}function _i(n,e,...t){return t.reduce((i,s)=>i.nestedMessages[s],n.messages[e])}function Wr(n,e,...t){if(t.length==0)return n.enums[e];let i=t.pop();return t.reduce((s,r)=>s.nestedMessages[r],n.messages[e]).nestedEnums[i]}function Xr(n){let e={};for(let t of n.values)e[t.localName]=t.number,e[t.number]=t.localName;return e}var mg=Iu({name:"google/protobuf/descriptor.proto",package:"google.protobuf",messageType:[{name:"FileDescriptorSet",field:[{name:"file",number:1,type:11,label:3,typeName:".google.protobuf.FileDescriptorProto"}],extensionRange:[{start:536e6,end:536000001}]},{name:"FileDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"package",number:2,type:9,label:1},{name:"dependency",number:3,type:9,label:3},{name:"public_dependency",number:10,type:5,label:3},{name:"weak_dependency",number:11,type:5,label:3},{name:"option_dependency",number:15,type:9,label:3},{name:"message_type",number:4,type:11,label:3,typeName:".google.protobuf.DescriptorProto"},{name:"enum_type",number:5,type:11,label:3,typeName:".google.protobuf.EnumDescriptorProto"},{name:"service",number:6,type:11,label:3,typeName:".google.protobuf.ServiceDescriptorProto"},{name:"extension",number:7,type:11,label:3,typeName:".google.protobuf.FieldDescriptorProto"},{name:"options",number:8,type:11,label:1,typeName:".google.protobuf.FileOptions"},{name:"source_code_info",number:9,type:11,label:1,typeName:".google.protobuf.SourceCodeInfo"},{name:"syntax",number:12,type:9,label:1},{name:"edition",number:14,type:14,label:1,typeName:".google.protobuf.Edition"}]},{name:"DescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"field",number:2,type:11,label:3,typeName:".google.protobuf.FieldDescriptorProto"},{name:"extension",number:6,type:11,label:3,typeName:".google.protobuf.FieldDescriptorProto"},{name:"nested_type",number:3,type:11,label:3,typeName:".google.protobuf.DescriptorProto"},{name:"enum_type",number:4,type:11,label:3,typeName:".google.protobuf.EnumDescriptorProto"},{name:"extension_range",number:5,type:11,label:3,typeName:".google.protobuf.DescriptorProto.ExtensionRange"},{name:"oneof_decl",number:8,type:11,label:3,typeName:".google.protobuf.OneofDescriptorProto"},{name:"options",number:7,type:11,label:1,typeName:".google.protobuf.MessageOptions"},{name:"reserved_range",number:9,type:11,label:3,typeName:".google.protobuf.DescriptorProto.ReservedRange"},{name:"reserved_name",number:10,type:9,label:3},{name:"visibility",number:11,type:14,label:1,typeName:".google.protobuf.SymbolVisibility"}],nestedType:[{name:"ExtensionRange",field:[{name:"start",number:1,type:5,label:1},{name:"end",number:2,type:5,label:1},{name:"options",number:3,type:11,label:1,typeName:".google.protobuf.ExtensionRangeOptions"}]},{name:"ReservedRange",field:[{name:"start",number:1,type:5,label:1},{name:"end",number:2,type:5,label:1}]}]},{name:"ExtensionRangeOptions",field:[{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"},{name:"declaration",number:2,type:11,label:3,typeName:".google.protobuf.ExtensionRangeOptions.Declaration",options:{retention:2}},{name:"features",number:50,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"verification",number:3,type:14,label:1,typeName:".google.protobuf.ExtensionRangeOptions.VerificationState",defaultValue:"UNVERIFIED",options:{retention:2}}],nestedType:[{name:"Declaration",field:[{name:"number",number:1,type:5,label:1},{name:"full_name",number:2,type:9,label:1},{name:"type",number:3,type:9,label:1},{name:"reserved",number:5,type:8,label:1},{name:"repeated",number:6,type:8,label:1}]}],enumType:[{name:"VerificationState",value:[{name:"DECLARATION",number:0},{name:"UNVERIFIED",number:1}]}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"FieldDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"number",number:3,type:5,label:1},{name:"label",number:4,type:14,label:1,typeName:".google.protobuf.FieldDescriptorProto.Label"},{name:"type",number:5,type:14,label:1,typeName:".google.protobuf.FieldDescriptorProto.Type"},{name:"type_name",number:6,type:9,label:1},{name:"extendee",number:2,type:9,label:1},{name:"default_value",number:7,type:9,label:1},{name:"oneof_index",number:9,type:5,label:1},{name:"json_name",number:10,type:9,label:1},{name:"options",number:8,type:11,label:1,typeName:".google.protobuf.FieldOptions"},{name:"proto3_optional",number:17,type:8,label:1}],enumType:[{name:"Type",value:[{name:"TYPE_DOUBLE",number:1},{name:"TYPE_FLOAT",number:2},{name:"TYPE_INT64",number:3},{name:"TYPE_UINT64",number:4},{name:"TYPE_INT32",number:5},{name:"TYPE_FIXED64",number:6},{name:"TYPE_FIXED32",number:7},{name:"TYPE_BOOL",number:8},{name:"TYPE_STRING",number:9},{name:"TYPE_GROUP",number:10},{name:"TYPE_MESSAGE",number:11},{name:"TYPE_BYTES",number:12},{name:"TYPE_UINT32",number:13},{name:"TYPE_ENUM",number:14},{name:"TYPE_SFIXED32",number:15},{name:"TYPE_SFIXED64",number:16},{name:"TYPE_SINT32",number:17},{name:"TYPE_SINT64",number:18}]},{name:"Label",value:[{name:"LABEL_OPTIONAL",number:1},{name:"LABEL_REPEATED",number:3},{name:"LABEL_REQUIRED",number:2}]}]},{name:"OneofDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"options",number:2,type:11,label:1,typeName:".google.protobuf.OneofOptions"}]},{name:"EnumDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"value",number:2,type:11,label:3,typeName:".google.protobuf.EnumValueDescriptorProto"},{name:"options",number:3,type:11,label:1,typeName:".google.protobuf.EnumOptions"},{name:"reserved_range",number:4,type:11,label:3,typeName:".google.protobuf.EnumDescriptorProto.EnumReservedRange"},{name:"reserved_name",number:5,type:9,label:3},{name:"visibility",number:6,type:14,label:1,typeName:".google.protobuf.SymbolVisibility"}],nestedType:[{name:"EnumReservedRange",field:[{name:"start",number:1,type:5,label:1},{name:"end",number:2,type:5,label:1}]}]},{name:"EnumValueDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"number",number:2,type:5,label:1},{name:"options",number:3,type:11,label:1,typeName:".google.protobuf.EnumValueOptions"}]},{name:"ServiceDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"method",number:2,type:11,label:3,typeName:".google.protobuf.MethodDescriptorProto"},{name:"options",number:3,type:11,label:1,typeName:".google.protobuf.ServiceOptions"}]},{name:"MethodDescriptorProto",field:[{name:"name",number:1,type:9,label:1},{name:"input_type",number:2,type:9,label:1},{name:"output_type",number:3,type:9,label:1},{name:"options",number:4,type:11,label:1,typeName:".google.protobuf.MethodOptions"},{name:"client_streaming",number:5,type:8,label:1,defaultValue:"false"},{name:"server_streaming",number:6,type:8,label:1,defaultValue:"false"}]},{name:"FileOptions",field:[{name:"java_package",number:1,type:9,label:1},{name:"java_outer_classname",number:8,type:9,label:1},{name:"java_multiple_files",number:10,type:8,label:1,defaultValue:"false",options:{}},{name:"java_generate_equals_and_hash",number:20,type:8,label:1,options:{deprecated:!0}},{name:"java_string_check_utf8",number:27,type:8,label:1,defaultValue:"false"},{name:"optimize_for",number:9,type:14,label:1,typeName:".google.protobuf.FileOptions.OptimizeMode",defaultValue:"SPEED"},{name:"go_package",number:11,type:9,label:1},{name:"cc_generic_services",number:16,type:8,label:1,defaultValue:"false"},{name:"java_generic_services",number:17,type:8,label:1,defaultValue:"false"},{name:"py_generic_services",number:18,type:8,label:1,defaultValue:"false"},{name:"deprecated",number:23,type:8,label:1,defaultValue:"false"},{name:"cc_enable_arenas",number:31,type:8,label:1,defaultValue:"true",options:{}},{name:"objc_class_prefix",number:36,type:9,label:1},{name:"csharp_namespace",number:37,type:9,label:1},{name:"swift_prefix",number:39,type:9,label:1},{name:"php_class_prefix",number:40,type:9,label:1},{name:"php_namespace",number:41,type:9,label:1},{name:"php_metadata_namespace",number:44,type:9,label:1},{name:"ruby_package",number:45,type:9,label:1},{name:"features",number:50,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],enumType:[{name:"OptimizeMode",value:[{name:"SPEED",number:1},{name:"CODE_SIZE",number:2},{name:"LITE_RUNTIME",number:3}]}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"MessageOptions",field:[{name:"message_set_wire_format",number:1,type:8,label:1,defaultValue:"false"},{name:"no_standard_descriptor_accessor",number:2,type:8,label:1,defaultValue:"false"},{name:"deprecated",number:3,type:8,label:1,defaultValue:"false"},{name:"map_entry",number:7,type:8,label:1},{name:"deprecated_legacy_json_field_conflicts",number:11,type:8,label:1,options:{deprecated:!0}},{name:"features",number:12,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"FieldOptions",field:[{name:"ctype",number:1,type:14,label:1,typeName:".google.protobuf.FieldOptions.CType",defaultValue:"STRING"},{name:"packed",number:2,type:8,label:1},{name:"jstype",number:6,type:14,label:1,typeName:".google.protobuf.FieldOptions.JSType",defaultValue:"JS_NORMAL"},{name:"lazy",number:5,type:8,label:1,defaultValue:"false"},{name:"unverified_lazy",number:15,type:8,label:1,defaultValue:"false"},{name:"deprecated",number:3,type:8,label:1,defaultValue:"false"},{name:"weak",number:10,type:8,label:1,defaultValue:"false",options:{deprecated:!0}},{name:"debug_redact",number:16,type:8,label:1,defaultValue:"false"},{name:"retention",number:17,type:14,label:1,typeName:".google.protobuf.FieldOptions.OptionRetention"},{name:"targets",number:19,type:14,label:3,typeName:".google.protobuf.FieldOptions.OptionTargetType"},{name:"edition_defaults",number:20,type:11,label:3,typeName:".google.protobuf.FieldOptions.EditionDefault"},{name:"features",number:21,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"feature_support",number:22,type:11,label:1,typeName:".google.protobuf.FieldOptions.FeatureSupport"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],nestedType:[{name:"EditionDefault",field:[{name:"edition",number:3,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"value",number:2,type:9,label:1}]},{name:"FeatureSupport",field:[{name:"edition_introduced",number:1,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"edition_deprecated",number:2,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"deprecation_warning",number:3,type:9,label:1},{name:"edition_removed",number:4,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"removal_error",number:5,type:9,label:1}]}],enumType:[{name:"CType",value:[{name:"STRING",number:0},{name:"CORD",number:1},{name:"STRING_PIECE",number:2}]},{name:"JSType",value:[{name:"JS_NORMAL",number:0},{name:"JS_STRING",number:1},{name:"JS_NUMBER",number:2}]},{name:"OptionRetention",value:[{name:"RETENTION_UNKNOWN",number:0},{name:"RETENTION_RUNTIME",number:1},{name:"RETENTION_SOURCE",number:2}]},{name:"OptionTargetType",value:[{name:"TARGET_TYPE_UNKNOWN",number:0},{name:"TARGET_TYPE_FILE",number:1},{name:"TARGET_TYPE_EXTENSION_RANGE",number:2},{name:"TARGET_TYPE_MESSAGE",number:3},{name:"TARGET_TYPE_FIELD",number:4},{name:"TARGET_TYPE_ONEOF",number:5},{name:"TARGET_TYPE_ENUM",number:6},{name:"TARGET_TYPE_ENUM_ENTRY",number:7},{name:"TARGET_TYPE_SERVICE",number:8},{name:"TARGET_TYPE_METHOD",number:9}]}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"OneofOptions",field:[{name:"features",number:1,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"EnumOptions",field:[{name:"allow_alias",number:2,type:8,label:1},{name:"deprecated",number:3,type:8,label:1,defaultValue:"false"},{name:"deprecated_legacy_json_field_conflicts",number:6,type:8,label:1,options:{deprecated:!0}},{name:"features",number:7,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"EnumValueOptions",field:[{name:"deprecated",number:1,type:8,label:1,defaultValue:"false"},{name:"features",number:2,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"debug_redact",number:3,type:8,label:1,defaultValue:"false"},{name:"feature_support",number:4,type:11,label:1,typeName:".google.protobuf.FieldOptions.FeatureSupport"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"ServiceOptions",field:[{name:"features",number:34,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"deprecated",number:33,type:8,label:1,defaultValue:"false"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"MethodOptions",field:[{name:"deprecated",number:33,type:8,label:1,defaultValue:"false"},{name:"idempotency_level",number:34,type:14,label:1,typeName:".google.protobuf.MethodOptions.IdempotencyLevel",defaultValue:"IDEMPOTENCY_UNKNOWN"},{name:"features",number:35,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"uninterpreted_option",number:999,type:11,label:3,typeName:".google.protobuf.UninterpretedOption"}],enumType:[{name:"IdempotencyLevel",value:[{name:"IDEMPOTENCY_UNKNOWN",number:0},{name:"NO_SIDE_EFFECTS",number:1},{name:"IDEMPOTENT",number:2}]}],extensionRange:[{start:990,end:999},{start:1e3,end:536870912}]},{name:"UninterpretedOption",field:[{name:"name",number:2,type:11,label:3,typeName:".google.protobuf.UninterpretedOption.NamePart"},{name:"identifier_value",number:3,type:9,label:1},{name:"positive_int_value",number:4,type:4,label:1},{name:"negative_int_value",number:5,type:3,label:1},{name:"double_value",number:6,type:1,label:1},{name:"string_value",number:7,type:12,label:1},{name:"aggregate_value",number:8,type:9,label:1}],nestedType:[{name:"NamePart",field:[{name:"name_part",number:1,type:9,label:2},{name:"is_extension",number:2,type:8,label:2}]}]},{name:"FeatureSet",field:[{name:"field_presence",number:1,type:14,label:1,typeName:".google.protobuf.FeatureSet.FieldPresence",options:{retention:1,targets:[4,1],editionDefaults:[{value:"EXPLICIT",edition:900},{value:"IMPLICIT",edition:999},{value:"EXPLICIT",edition:1e3}]}},{name:"enum_type",number:2,type:14,label:1,typeName:".google.protobuf.FeatureSet.EnumType",options:{retention:1,targets:[6,1],editionDefaults:[{value:"CLOSED",edition:900},{value:"OPEN",edition:999}]}},{name:"repeated_field_encoding",number:3,type:14,label:1,typeName:".google.protobuf.FeatureSet.RepeatedFieldEncoding",options:{retention:1,targets:[4,1],editionDefaults:[{value:"EXPANDED",edition:900},{value:"PACKED",edition:999}]}},{name:"utf8_validation",number:4,type:14,label:1,typeName:".google.protobuf.FeatureSet.Utf8Validation",options:{retention:1,targets:[4,1],editionDefaults:[{value:"NONE",edition:900},{value:"VERIFY",edition:999}]}},{name:"message_encoding",number:5,type:14,label:1,typeName:".google.protobuf.FeatureSet.MessageEncoding",options:{retention:1,targets:[4,1],editionDefaults:[{value:"LENGTH_PREFIXED",edition:900}]}},{name:"json_format",number:6,type:14,label:1,typeName:".google.protobuf.FeatureSet.JsonFormat",options:{retention:1,targets:[3,6,1],editionDefaults:[{value:"LEGACY_BEST_EFFORT",edition:900},{value:"ALLOW",edition:999}]}},{name:"enforce_naming_style",number:7,type:14,label:1,typeName:".google.protobuf.FeatureSet.EnforceNamingStyle",options:{retention:2,targets:[1,2,3,4,5,6,7,8,9],editionDefaults:[{value:"STYLE_LEGACY",edition:900},{value:"STYLE2024",edition:1001},{value:"STYLE2026",edition:1002}]}},{name:"default_symbol_visibility",number:8,type:14,label:1,typeName:".google.protobuf.FeatureSet.VisibilityFeature.DefaultSymbolVisibility",options:{retention:2,targets:[1],editionDefaults:[{value:"EXPORT_ALL",edition:900},{value:"EXPORT_TOP_LEVEL",edition:1001},{value:"STRICT",edition:1002}]}},{name:"enforce_proto_limits",number:9,type:14,label:1,typeName:".google.protobuf.FeatureSet.ProtoLimitsFeature.EnforceProtoLimits",options:{retention:2,targets:[6,3,4,5],editionDefaults:[{value:"LEGACY_NO_EXPLICIT_LIMITS",edition:900},{value:"PROTO_LIMITS2026",edition:1002}]}}],nestedType:[{name:"VisibilityFeature",enumType:[{name:"DefaultSymbolVisibility",value:[{name:"DEFAULT_SYMBOL_VISIBILITY_UNKNOWN",number:0},{name:"EXPORT_ALL",number:1},{name:"EXPORT_TOP_LEVEL",number:2},{name:"LOCAL_ALL",number:3},{name:"STRICT",number:4}]}]},{name:"ProtoLimitsFeature",enumType:[{name:"EnforceProtoLimits",value:[{name:"PROTO_LIMITS_UNKNOWN",number:0},{name:"LEGACY_NO_EXPLICIT_LIMITS",number:1},{name:"PROTO_LIMITS2026",number:2}]}]}],enumType:[{name:"FieldPresence",value:[{name:"FIELD_PRESENCE_UNKNOWN",number:0},{name:"EXPLICIT",number:1},{name:"IMPLICIT",number:2},{name:"LEGACY_REQUIRED",number:3}]},{name:"EnumType",value:[{name:"ENUM_TYPE_UNKNOWN",number:0},{name:"OPEN",number:1},{name:"CLOSED",number:2}]},{name:"RepeatedFieldEncoding",value:[{name:"REPEATED_FIELD_ENCODING_UNKNOWN",number:0},{name:"PACKED",number:1},{name:"EXPANDED",number:2}]},{name:"Utf8Validation",value:[{name:"UTF8_VALIDATION_UNKNOWN",number:0},{name:"VERIFY",number:2},{name:"NONE",number:3}]},{name:"MessageEncoding",value:[{name:"MESSAGE_ENCODING_UNKNOWN",number:0},{name:"LENGTH_PREFIXED",number:1},{name:"DELIMITED",number:2}]},{name:"JsonFormat",value:[{name:"JSON_FORMAT_UNKNOWN",number:0},{name:"ALLOW",number:1},{name:"LEGACY_BEST_EFFORT",number:2}]},{name:"EnforceNamingStyle",value:[{name:"ENFORCE_NAMING_STYLE_UNKNOWN",number:0},{name:"STYLE2024",number:1},{name:"STYLE_LEGACY",number:2},{name:"STYLE2026",number:3}]}],extensionRange:[{start:1e3,end:9995},{start:9995,end:1e4},{start:1e4,end:10001}]},{name:"FeatureSetDefaults",field:[{name:"defaults",number:1,type:11,label:3,typeName:".google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault"},{name:"minimum_edition",number:4,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"maximum_edition",number:5,type:14,label:1,typeName:".google.protobuf.Edition"}],nestedType:[{name:"FeatureSetEditionDefault",field:[{name:"edition",number:3,type:14,label:1,typeName:".google.protobuf.Edition"},{name:"overridable_features",number:4,type:11,label:1,typeName:".google.protobuf.FeatureSet"},{name:"fixed_features",number:5,type:11,label:1,typeName:".google.protobuf.FeatureSet"}]}]},{name:"SourceCodeInfo",field:[{name:"location",number:1,type:11,label:3,typeName:".google.protobuf.SourceCodeInfo.Location"}],nestedType:[{name:"Location",field:[{name:"path",number:1,type:5,label:3,options:{packed:!0}},{name:"span",number:2,type:5,label:3,options:{packed:!0}},{name:"leading_comments",number:3,type:9,label:1},{name:"trailing_comments",number:4,type:9,label:1},{name:"leading_detached_comments",number:6,type:9,label:3}]}],extensionRange:[{start:536e6,end:536000001}]},{name:"GeneratedCodeInfo",field:[{name:"annotation",number:1,type:11,label:3,typeName:".google.protobuf.GeneratedCodeInfo.Annotation"}],nestedType:[{name:"Annotation",field:[{name:"path",number:1,type:5,label:3,options:{packed:!0}},{name:"source_file",number:2,type:9,label:1},{name:"begin",number:3,type:5,label:1},{name:"end",number:4,type:5,label:1},{name:"semantic",number:5,type:14,label:1,typeName:".google.protobuf.GeneratedCodeInfo.Annotation.Semantic"}],enumType:[{name:"Semantic",value:[{name:"NONE",number:0},{name:"SET",number:1},{name:"ALIAS",number:2}]}]}]}],enumType:[{name:"Edition",value:[{name:"EDITION_UNKNOWN",number:0},{name:"EDITION_LEGACY",number:900},{name:"EDITION_PROTO2",number:998},{name:"EDITION_PROTO3",number:999},{name:"EDITION_2023",number:1e3},{name:"EDITION_2024",number:1001},{name:"EDITION_2026",number:1002},{name:"EDITION_UNSTABLE",number:9999},{name:"EDITION_1_TEST_ONLY",number:1},{name:"EDITION_2_TEST_ONLY",number:2},{name:"EDITION_99997_TEST_ONLY",number:99997},{name:"EDITION_99998_TEST_ONLY",number:99998},{name:"EDITION_99999_TEST_ONLY",number:99999},{name:"EDITION_MAX",number:2147483647}]},{name:"SymbolVisibility",value:[{name:"VISIBILITY_UNSET",number:0},{name:"VISIBILITY_LOCAL",number:1},{name:"VISIBILITY_EXPORT",number:2}]}]});var ju=_i(mg,1);var Pu;(function(n){n[n.DECLARATION=0]="DECLARATION",n[n.UNVERIFIED=1]="UNVERIFIED"})(Pu||(Pu={}));var Lu;(function(n){n[n.DOUBLE=1]="DOUBLE",n[n.FLOAT=2]="FLOAT",n[n.INT64=3]="INT64",n[n.UINT64=4]="UINT64",n[n.INT32=5]="INT32",n[n.FIXED64=6]="FIXED64",n[n.FIXED32=7]="FIXED32",n[n.BOOL=8]="BOOL",n[n.STRING=9]="STRING",n[n.GROUP=10]="GROUP",n[n.MESSAGE=11]="MESSAGE",n[n.BYTES=12]="BYTES",n[n.UINT32=13]="UINT32",n[n.ENUM=14]="ENUM",n[n.SFIXED32=15]="SFIXED32",n[n.SFIXED64=16]="SFIXED64",n[n.SINT32=17]="SINT32",n[n.SINT64=18]="SINT64"})(Lu||(Lu={}));var Du;(function(n){n[n.OPTIONAL=1]="OPTIONAL",n[n.REPEATED=3]="REPEATED",n[n.REQUIRED=2]="REQUIRED"})(Du||(Du={}));var Uu;(function(n){n[n.SPEED=1]="SPEED",n[n.CODE_SIZE=2]="CODE_SIZE",n[n.LITE_RUNTIME=3]="LITE_RUNTIME"})(Uu||(Uu={}));var Ou;(function(n){n[n.STRING=0]="STRING",n[n.CORD=1]="CORD",n[n.STRING_PIECE=2]="STRING_PIECE"})(Ou||(Ou={}));var Fu;(function(n){n[n.JS_NORMAL=0]="JS_NORMAL",n[n.JS_STRING=1]="JS_STRING",n[n.JS_NUMBER=2]="JS_NUMBER"})(Fu||(Fu={}));var Bu;(function(n){n[n.RETENTION_UNKNOWN=0]="RETENTION_UNKNOWN",n[n.RETENTION_RUNTIME=1]="RETENTION_RUNTIME",n[n.RETENTION_SOURCE=2]="RETENTION_SOURCE"})(Bu||(Bu={}));var ku;(function(n){n[n.TARGET_TYPE_UNKNOWN=0]="TARGET_TYPE_UNKNOWN",n[n.TARGET_TYPE_FILE=1]="TARGET_TYPE_FILE",n[n.TARGET_TYPE_EXTENSION_RANGE=2]="TARGET_TYPE_EXTENSION_RANGE",n[n.TARGET_TYPE_MESSAGE=3]="TARGET_TYPE_MESSAGE",n[n.TARGET_TYPE_FIELD=4]="TARGET_TYPE_FIELD",n[n.TARGET_TYPE_ONEOF=5]="TARGET_TYPE_ONEOF",n[n.TARGET_TYPE_ENUM=6]="TARGET_TYPE_ENUM",n[n.TARGET_TYPE_ENUM_ENTRY=7]="TARGET_TYPE_ENUM_ENTRY",n[n.TARGET_TYPE_SERVICE=8]="TARGET_TYPE_SERVICE",n[n.TARGET_TYPE_METHOD=9]="TARGET_TYPE_METHOD"})(ku||(ku={}));var zu;(function(n){n[n.IDEMPOTENCY_UNKNOWN=0]="IDEMPOTENCY_UNKNOWN",n[n.NO_SIDE_EFFECTS=1]="NO_SIDE_EFFECTS",n[n.IDEMPOTENT=2]="IDEMPOTENT"})(zu||(zu={}));var Vu;(function(n){n[n.DEFAULT_SYMBOL_VISIBILITY_UNKNOWN=0]="DEFAULT_SYMBOL_VISIBILITY_UNKNOWN",n[n.EXPORT_ALL=1]="EXPORT_ALL",n[n.EXPORT_TOP_LEVEL=2]="EXPORT_TOP_LEVEL",n[n.LOCAL_ALL=3]="LOCAL_ALL",n[n.STRICT=4]="STRICT"})(Vu||(Vu={}));var Gu;(function(n){n[n.PROTO_LIMITS_UNKNOWN=0]="PROTO_LIMITS_UNKNOWN",n[n.LEGACY_NO_EXPLICIT_LIMITS=1]="LEGACY_NO_EXPLICIT_LIMITS",n[n.PROTO_LIMITS2026=2]="PROTO_LIMITS2026"})(Gu||(Gu={}));var Hu;(function(n){n[n.FIELD_PRESENCE_UNKNOWN=0]="FIELD_PRESENCE_UNKNOWN",n[n.EXPLICIT=1]="EXPLICIT",n[n.IMPLICIT=2]="IMPLICIT",n[n.LEGACY_REQUIRED=3]="LEGACY_REQUIRED"})(Hu||(Hu={}));var Wu;(function(n){n[n.ENUM_TYPE_UNKNOWN=0]="ENUM_TYPE_UNKNOWN",n[n.OPEN=1]="OPEN",n[n.CLOSED=2]="CLOSED"})(Wu||(Wu={}));var Xu;(function(n){n[n.REPEATED_FIELD_ENCODING_UNKNOWN=0]="REPEATED_FIELD_ENCODING_UNKNOWN",n[n.PACKED=1]="PACKED",n[n.EXPANDED=2]="EXPANDED"})(Xu||(Xu={}));var Yu;(function(n){n[n.UTF8_VALIDATION_UNKNOWN=0]="UTF8_VALIDATION_UNKNOWN",n[n.VERIFY=2]="VERIFY",n[n.NONE=3]="NONE"})(Yu||(Yu={}));var Ku;(function(n){n[n.MESSAGE_ENCODING_UNKNOWN=0]="MESSAGE_ENCODING_UNKNOWN",n[n.LENGTH_PREFIXED=1]="LENGTH_PREFIXED",n[n.DELIMITED=2]="DELIMITED"})(Ku||(Ku={}));var qu;(function(n){n[n.JSON_FORMAT_UNKNOWN=0]="JSON_FORMAT_UNKNOWN",n[n.ALLOW=1]="ALLOW",n[n.LEGACY_BEST_EFFORT=2]="LEGACY_BEST_EFFORT"})(qu||(qu={}));var $u;(function(n){n[n.ENFORCE_NAMING_STYLE_UNKNOWN=0]="ENFORCE_NAMING_STYLE_UNKNOWN",n[n.STYLE2024=1]="STYLE2024",n[n.STYLE_LEGACY=2]="STYLE_LEGACY",n[n.STYLE2026=3]="STYLE2026"})($u||($u={}));var Zu;(function(n){n[n.NONE=0]="NONE",n[n.SET=1]="SET",n[n.ALIAS=2]="ALIAS"})(Zu||(Zu={}));var Ju;(function(n){n[n.EDITION_UNKNOWN=0]="EDITION_UNKNOWN",n[n.EDITION_LEGACY=900]="EDITION_LEGACY",n[n.EDITION_PROTO2=998]="EDITION_PROTO2",n[n.EDITION_PROTO3=999]="EDITION_PROTO3",n[n.EDITION_2023=1e3]="EDITION_2023",n[n.EDITION_2024=1001]="EDITION_2024",n[n.EDITION_2026=1002]="EDITION_2026",n[n.EDITION_UNSTABLE=9999]="EDITION_UNSTABLE",n[n.EDITION_1_TEST_ONLY=1]="EDITION_1_TEST_ONLY",n[n.EDITION_2_TEST_ONLY=2]="EDITION_2_TEST_ONLY",n[n.EDITION_99997_TEST_ONLY=99997]="EDITION_99997_TEST_ONLY",n[n.EDITION_99998_TEST_ONLY=99998]="EDITION_99998_TEST_ONLY",n[n.EDITION_99999_TEST_ONLY=99999]="EDITION_99999_TEST_ONLY",n[n.EDITION_MAX=2147483647]="EDITION_MAX"})(Ju||(Ju={}));var Qu;(function(n){n[n.VISIBILITY_UNSET=0]="VISIBILITY_UNSET",n[n.VISIBILITY_LOCAL=1]="VISIBILITY_LOCAL",n[n.VISIBILITY_EXPORT=2]="VISIBILITY_EXPORT"})(Qu||(Qu={}));function gg(n){return Object.assign(Object.assign({readUnknownFields:!0,recursionLimit:100},n),{depth:0})}function xi(n,e,t){let i=pi(n);return Vl(n).read(i,new mi(e),gg(t),e.byteLength),i}var ed=new WeakMap;function Vl(n){let e=ed.get(n);return e===void 0&&(e=_g(n)),e}function _g(n){let e=String(n),t=new Map,i={read:xg(e,t),readGroup:yg(e,t)};ed.set(n,i);for(let s of n.fields)t.set(s.number,vg(s));return i}function xg(n,e){return(t,i,s,r)=>{var o;if(++s.depth>s.recursionLimit)throw new Error(`cannot decode ${n} from binary: maximum recursion depth of ${s.recursionLimit} reached`);let a=i.pos+r,c=(o=t.$unknown)!==null&&o!==void 0?o:[];for(;i.pos<a;){let[l,h]=i.tag(),u=e.get(l);if(u===void 0){let d=i.skip(h,l,s.recursionLimit-s.depth);s.readUnknownFields&&c.push({no:l,wireType:h,data:d});continue}u(t,i,s,h)}c.length>0&&(t.$unknown=c),s.depth--}}function yg(n,e){return(t,i,s,r)=>{var o;if(++s.depth>s.recursionLimit)throw new Error(`cannot decode ${n} from binary: maximum recursion depth of ${s.recursionLimit} reached`);let a,c,l=(o=t.$unknown)!==null&&o!==void 0?o:[];for(;i.pos<i.len&&([a,c]=i.tag(),c!=et.EndGroup);){let h=e.get(a);if(h===void 0){let u=i.skip(c,a,s.recursionLimit-s.depth);s.readUnknownFields&&l.push({no:a,wireType:c,data:u});continue}h(t,i,s,c)}if(c!=et.EndGroup||a!==r)throw new Error("invalid end group tag");l.length>0&&(t.$unknown=l),s.depth--}}function vg(n){switch(n.fieldKind){case"scalar":return Sg(n);case"enum":return bg(n);case"message":return Mg(n);case"list":return Eg(n);case"map":return Ag(n)}}function Sg(n){let e=Yr(n.scalar,n.utf8Validation,n.longAsString),t=n.localName;if(n.oneof){let i=n.oneof.localName;return(s,r)=>{s[i]={case:t,value:e(r)}}}return(i,s)=>{i[t]=e(s)}}function bg(n){var e;let t=n.localName,i=(e=n.oneof)===null||e===void 0?void 0:e.localName;if(n.enum.open)return i!==void 0?(o,a)=>{o[i]={case:t,value:a.int32()}}:(o,a)=>{o[t]=a.int32()};let s=n.enum.values,r=n.number;return(o,a,c,l)=>{var h;let u=a.int32();if(s.some(d=>d.number===u))i!==void 0?o[i]={case:t,value:u}:o[t]=u;else if(c.readUnknownFields){let d=[];jh(u,d);let p=(h=o.$unknown)!==null&&h!==void 0?h:[];p.push({no:r,wireType:l,data:new Uint8Array(d)}),o.$unknown=p}}}function Mg(n){let e=n.localName,{toMessage:t,toLocal:i}=Kn(n),s=td(n);if(n.oneof){let r=n.oneof.localName;return(o,a,c)=>{let l=o[r],h=t(l.case===e?l.value:void 0);s(h,a,c),o[r]={case:e,value:i(h)}}}return(r,o,a)=>{let c=t(r[e]);s(c,o,a),r[e]=i(c)}}function td(n){let e=Vl(n.message);if(n.delimitedEncoding){let t=n.number;return(i,s,r)=>e.readGroup(i,s,r,t)}return(t,i,s)=>e.read(t,i,s,i.uint32())}function Eg(n){let e=n.localName;if(n.listKind=="message"){let{toMessage:o,toLocal:a}=Kn(n),c=td(n);return(l,h,u)=>{let d=o(void 0);c(d,h,u),l[e].push(a(d))}}let t=n.listKind=="enum"?ee.INT32:n.scalar,i=n.listKind=="scalar"?n.longAsString:!1,s=Yr(t,n.utf8Validation,i),r=t!=ee.STRING&&t!=ee.BYTES;return(o,a,c,l)=>{let h=o[e];if(l==et.LengthDelimited&&r){let u=a.uint32()+a.pos;for(;a.pos<u;)h.push(s(a))}else h.push(s(a))}}function Ag(n){let e=n.localName,t=Yr(n.mapKey,n.utf8Validation,!1),i=Ms(n.mapKey,!1),s,r;switch(n.mapKind){case"scalar":{let o=n.scalar,a=Yr(o,n.utf8Validation,!1);if(s=c=>a(c),o==ee.BYTES)r=()=>new Uint8Array(0);else{let c=Ms(o,!1);r=()=>c}break}case"enum":{let o=n.enum.values[0].number;s=a=>a.int32(),r=()=>o;break}case"message":{let{toMessage:o,toLocal:a}=Kn(n),c=Vl(n.message).read;s=(l,h,u)=>{let d=o(u);return c(d,l,h,l.uint32()),a(d)},r=()=>a(o(void 0));break}}return(o,a,c)=>{let l=o[e],h,u,d=a.uint32(),p=a.pos+d;for(;a.pos<p;){let[g,v]=a.tag();switch(g){case 1:h=t(a);break;case 2:u=s(a,c,u);break;default:a.skip(v,g,c.recursionLimit-c.depth)}}h===void 0&&(h=i),u===void 0&&(u=r()),fi(l,h,u)}}function Yr(n,e,t){switch(n){case ee.STRING:return i=>i.string(e);case ee.BOOL:return i=>i.bool();case ee.DOUBLE:return i=>i.double();case ee.FLOAT:return i=>i.float();case ee.INT32:return i=>i.int32();case ee.INT64:return t?i=>String(i.int64()):i=>i.int64();case ee.UINT64:return t?i=>String(i.uint64()):i=>i.uint64();case ee.FIXED64:return t?i=>String(i.fixed64()):i=>i.fixed64();case ee.BYTES:return i=>i.bytes();case ee.FIXED32:return i=>i.fixed32();case ee.SFIXED32:return i=>i.sfixed32();case ee.SFIXED64:return t?i=>String(i.sfixed64()):i=>i.sfixed64();case ee.SINT64:return t?i=>String(i.sint64()):i=>i.sint64();case ee.UINT32:return i=>i.uint32();case ee.SINT32:return i=>i.sint32()}}function nd(n,e){var t;let i=xi(ju,xu(n));return i.messageType.forEach(ws),i.dependency=(t=e?.map(r=>r.proto.name))!==null&&t!==void 0?t:[],Gr(i,r=>e?.find(o=>o.proto.name===r)).getFile(i.name)}var Tg=2,wg=3,id={writeUnknownFields:!0};function Rg(n){return n?Object.assign(Object.assign({},id),n):id}function Gl(n,e,t){let i=new kr;return Hl(n)(i,Rg(t),e),i.finish()}var sd=new WeakMap;function Hl(n){let e=sd.get(n);return e===void 0&&(e=Ig(n)),e}function Ig(n){let e=n.typeName,t=n.fields.concat().sort((o,a)=>o.number-a.number),i=t[0],s=[],r=(o,a,c)=>{if(c.$typeName!==e&&i!==void 0)throw new Br(i,`cannot use ${i} with message ${c.$typeName}`,"ForeignFieldError");for(let h=0;h<s.length;h++)s[h](o,a,c);let l=c.$unknown;if(l!==void 0&&a.writeUnknownFields)for(let h=0;h<l.length;h++){let{no:u,wireType:d,data:p}=l[h];o.tag(u,d).raw(p)}};sd.set(n,r);for(let o of t)s.push(Cg(o));return r}function Cg(n){switch(n.fieldKind){case"message":case"scalar":case"enum":return Ng(n);case"list":return Lg(n);case"map":return Dg(n)}}function Ng(n){let e=Pg(n),t=n.localName;if(n.oneof){let i=n.oneof.localName;return(s,r,o)=>{let a=o[i];a.case===t&&e(s,r,a.value)}}if(n.presence!=Tg){let i=n.presence==wg?`cannot encode ${n} to binary: required field not set`:void 0;return(s,r,o)=>{let a=o[t];if(a!==void 0&&Object.prototype.hasOwnProperty.call(o,t))e(s,r,a);else if(i!==void 0)throw new Error(i)}}if(n.fieldKind=="enum"){let i=n.enum.values[0].number;return(s,r,o)=>{let a=o[t];a!==i&&e(s,r,a)}}switch(n.scalar){case ee.BOOL:return(i,s,r)=>{let o=r[t];o!==!1&&e(i,s,o)};case ee.STRING:return(i,s,r)=>{let o=r[t];o!==""&&e(i,s,o)};case ee.BYTES:return(i,s,r)=>{let o=r[t];(!(o instanceof Uint8Array)||o.byteLength>0)&&e(i,s,o)};case ee.DOUBLE:case ee.FLOAT:return(i,s,r)=>{let o=r[t];Object.is(o,0)||e(i,s,o)};default:return(i,s,r)=>{let o=r[t];o!=0&&e(i,s,o)}}}function Pg(n){switch(n.fieldKind){case"message":{let{toMessage:e}=Kn(n),t=rd(n);return(i,s,r)=>{t(i,s,e(r))}}case"scalar":case"enum":{let e=n.fieldKind=="enum"?ee.INT32:n.scalar,t=n.number,i=qr(e),s=Kr(e,n.parent.typeName,n.name);return(r,o,a)=>{r.tag(t,i),s(r,a)}}}}function Lg(n){let e=n.localName,t=n.number;switch(n.listKind){case"message":{let{toMessage:i}=Kn(n),s=rd(n);return(r,o,a)=>{let c=a[e];for(let l=0;l<c.length;l++)s(r,o,i(c[l]))}}case"scalar":case"enum":{let i=n.listKind=="enum"?ee.INT32:n.scalar,s=Kr(i,n.parent.typeName,n.name);if(n.packed)return(o,a,c)=>{let l=c[e];if(l.length!=0){o.tag(t,et.LengthDelimited).fork();for(let h=0;h<l.length;h++)s(o,l[h]);o.join()}};let r=qr(i);return(o,a,c)=>{let l=c[e];for(let h=0;h<l.length;h++)o.tag(t,r),s(o,l[h])}}}}function Dg(n){let e=n.localName,t=n.number,i=Ug(n);if(n.mapKind=="message"){let{toMessage:a}=Kn(n),c=Hl(n.message);return(l,h,u)=>{let d=u[e],p=Object.keys(d);for(let g=0;g<p.length;g++){let v=p[g];l.tag(t,et.LengthDelimited).fork(),i(l,v),l.tag(2,et.LengthDelimited).fork(),c(l,h,a(d[v])),l.join(),l.join()}}}let s=n.mapKind=="enum"?ee.INT32:n.scalar,r=qr(s),o=Kr(s,n.parent.typeName,n.name);return(a,c,l)=>{let h=l[e],u=Object.keys(h);for(let d=0;d<u.length;d++){let p=u[d];a.tag(t,et.LengthDelimited).fork(),i(a,p),a.tag(2,r),o(a,h[p]),a.join()}}}function Ug(n){let e=qr(n.mapKey),t=Kr(n.mapKey,n.parent.typeName,n.name),i=Og(n.mapKey);return(s,r)=>{s.tag(1,e),t(s,i(r))}}function Og(n){switch(n){case ee.STRING:return e=>e;case ee.BOOL:return e=>e==="true"?!0:e==="false"?!1:e;case ee.UINT64:case ee.FIXED64:return e=>{try{return ut.uParse(e)}catch{return e}};case ee.INT64:case ee.SFIXED64:case ee.SINT64:return e=>{try{return ut.parse(e)}catch{return e}};default:return e=>{let t=Number.parseInt(e);return Number.isFinite(t)?t:e}}}function Kr(n,e,t){let i=Fg(n);return(s,r)=>{try{i(s,r)}catch(o){throw o instanceof Error?new Error(`cannot encode field ${e}.${t} to binary: ${o.message}`):o}}}function Fg(n){switch(n){case ee.STRING:return(e,t)=>e.string(t);case ee.BOOL:return(e,t)=>e.bool(t);case ee.DOUBLE:return(e,t)=>e.double(t);case ee.FLOAT:return(e,t)=>e.float(t);case ee.INT32:return(e,t)=>e.int32(t);case ee.INT64:return(e,t)=>e.int64(t);case ee.UINT64:return(e,t)=>e.uint64(t);case ee.FIXED64:return(e,t)=>e.fixed64(t);case ee.BYTES:return(e,t)=>e.bytes(t);case ee.FIXED32:return(e,t)=>e.fixed32(t);case ee.SFIXED32:return(e,t)=>e.sfixed32(t);case ee.SFIXED64:return(e,t)=>e.sfixed64(t);case ee.SINT64:return(e,t)=>e.sint64(t);case ee.UINT32:return(e,t)=>e.uint32(t);case ee.SINT32:return(e,t)=>e.sint32(t)}}function rd(n){let e=n.number,t=Hl(n.message);return n.delimitedEncoding?(i,s,r)=>{i.tag(e,et.StartGroup),t(i,s,r),i.tag(e,et.EndGroup)}:(i,s,r)=>{i.tag(e,et.LengthDelimited).fork(),t(i,s,r),i.join()}}function qr(n){switch(n){case ee.BYTES:case ee.STRING:return et.LengthDelimited;case ee.DOUBLE:case ee.FIXED64:case ee.SFIXED64:return et.Bit64;case ee.FIXED32:case ee.SFIXED32:case ee.FLOAT:return et.Bit32;default:return et.Varint}}var yi=nd("CgxzdHJhdGEucHJvdG8SCXN0cmF0YS52MSKWAwoNQ2xpZW50TWVzc2FnZRIhCgVoZWxsbxgBIAEoCzIQLnN0cmF0YS52MS5IZWxsb0gAEiEKBWlucHV0GAIgASgLMhAuc3RyYXRhLnYxLklucHV0SAASLAoLYnJlYWtfYmxvY2sYAyABKAsyFS5zdHJhdGEudjEuQnJlYWtCbG9ja0gAEiwKC3BsYWNlX2Jsb2NrGAQgASgLMhUuc3RyYXRhLnYxLlBsYWNlQmxvY2tIABIfCgRjaGF0GAUgASgLMg8uc3RyYXRhLnYxLkNoYXRIABIfCgRwaW5nGAYgASgLMg8uc3RyYXRhLnYxLlBpbmdIABIfCgRwb25nGAcgASgLMg8uc3RyYXRhLnYxLlBvbmdIABIpCglzdWJzY3JpYmUYCCABKAsyFC5zdHJhdGEudjEuU3Vic2NyaWJlSAASKgoGcGx1Z2luGAkgASgLMhguc3RyYXRhLnYxLlBsdWdpbk1lc3NhZ2VIABIhCgVwcm9vZhgKIAEoCzIQLnN0cmF0YS52MS5Qcm9vZkgAQgYKBGtpbmQi7gUKDVNlcnZlck1lc3NhZ2USJQoHd2VsY29tZRgBIAEoCzISLnN0cmF0YS52MS5XZWxjb21lSAASIwoGcmVqZWN0GAIgASgLMhEuc3RyYXRhLnYxLlJlamVjdEgAEioKCmFjdGlvbl9hY2sYAyABKAsyFC5zdHJhdGEudjEuQWN0aW9uQWNrSAASKwoKY29ycmVjdGlvbhgEIAEoCzIVLnN0cmF0YS52MS5Db3JyZWN0aW9uSAASLgoMYmxvY2tfdXBkYXRlGAUgASgLMhYuc3RyYXRhLnYxLkJsb2NrVXBkYXRlSAASMgoOY2hhdF9icm9hZGNhc3QYBiABKAsyGC5zdHJhdGEudjEuQ2hhdEJyb2FkY2FzdEgAEh8KBHBpbmcYByABKAsyDy5zdHJhdGEudjEuUGluZ0gAEh8KBHBvbmcYCCABKAsyDy5zdHJhdGEudjEuUG9uZ0gAEiEKBWVycm9yGAkgASgLMhAuc3RyYXRhLnYxLkVycm9ySAASHwoEaGVsZBgKIAEoCzIPLnN0cmF0YS52MS5IZWxkSAASJwoIcmVsZWFzZWQYCyABKAsyEy5zdHJhdGEudjEuUmVsZWFzZWRIABIwCg1wbGF5ZXJfam9pbmVkGAwgASgLMhcuc3RyYXRhLnYxLlBsYXllckpvaW5lZEgAEiwKC3BsYXllcl9sZWZ0GA0gASgLMhUuc3RyYXRhLnYxLlBsYXllckxlZnRIABIqCgZwbHVnaW4YDiABKAsyGC5zdHJhdGEudjEuUGx1Z2luTWVzc2FnZUgAEikKCWNoYWxsZW5nZRgPIAEoCzIULnN0cmF0YS52MS5DaGFsbGVuZ2VIABIwCg1lbnRpdHlfc3Bhd25zGBAgASgLMhcuc3RyYXRhLnYxLkVudGl0eVNwYXduc0gAEjQKD2VudGl0eV9kZXNwYXducxgRIAEoCzIZLnN0cmF0YS52MS5FbnRpdHlEZXNwYXduc0gAQgYKBGtpbmQi9gEKDENodW5rTWVzc2FnZRIhCgVjaHVuaxgBIAEoCzIQLnN0cmF0YS52MS5DaHVua0gAEh8KBGRyb3AYAiABKAsyDy5zdHJhdGEudjEuRHJvcEgAEiEKBWRyb3BzGAMgASgLMhAuc3RyYXRhLnYxLkRyb3BzSAASJQoDYWlyGAQgASgLMhYuc3RyYXRhLnYxLkFpclNlY3Rpb25zSAASJAoDbG9kGAUgASgLMhUuc3RyYXRhLnYxLkxPRFNlY3Rpb25IABIqCgpsb2RfdW5sb2FkGAYgASgLMhQuc3RyYXRhLnYxLkxPRFVubG9hZEgAQgYKBGtpbmQilwEKCERhdGFncmFtEi4KDHBsYXllcl9zdGF0ZRgBIAEoCzIWLnN0cmF0YS52MS5QbGF5ZXJTdGF0ZUgAEiEKBWlucHV0GAIgASgLMhAuc3RyYXRhLnYxLklucHV0SAASMAoNY29tcGFjdF9zdGF0ZRgDIAEoCzIXLnN0cmF0YS52MS5Db21wYWN0U3RhdGVIAEIGCgRraW5kIicKBFZlYzMSCQoBeBgBIAEoARIJCgF5GAIgASgBEgkKAXoYAyABKAEiKAoFVmVjM2YSCQoBeBgBIAEoAhIJCgF5GAIgASgCEgkKAXoYAyABKAIiKwoIQmxvY2tQb3MSCQoBeBgBIAEoERIJCgF5GAIgASgREgkKAXoYAyABKBEiLQoKU2VjdGlvblBvcxIJCgF4GAEgASgREgkKAXkYAiABKBESCQoBehgDIAEoESJ7CgVIZWxsbxIYChBwcm90b2NvbF92ZXJzaW9uGAEgASgNEgwKBG5hbWUYAiABKAkSEAoIZmVhdHVyZXMYAyADKAkSFQoNdmlld19kaXN0YW5jZRgEIAEoDRISCgpwdWJsaWNfa2V5GAUgASgMEg0KBXRva2VuGAYgASgMIj8KCUNoYWxsZW5nZRINCgVub25jZRgBIAEoDBIjCgdiaW5kaW5nGAIgASgOMhIuc3RyYXRhLnYxLkJpbmRpbmciGgoFUHJvb2YSEQoJc2lnbmF0dXJlGAEgASgMIuECCgdXZWxjb21lEhgKEHByb3RvY29sX3ZlcnNpb24YASABKA0SEQoJZW50aXR5X2lkGAIgASgEEh4KBXNwYXduGAMgASgLMg8uc3RyYXRhLnYxLlZlYzMSCwoDeWF3GAQgASgCEg0KBXBpdGNoGAUgASgCEgwKBHNlZWQYBiABKAMSGQoRZ2VuZXJhdG9yX3ZlcnNpb24YByABKA0SJgoGYm91bmRzGAggASgLMhYuc3RyYXRhLnYxLldvcmxkQm91bmRzEicKBmxpbWl0cxgJIAEoCzIXLnN0cmF0YS52MS5TZXJ2ZXJMaW1pdHMSEAoIZmVhdHVyZXMYCiADKAkSFQoNdmlld19kaXN0YW5jZRgLIAEoDRIMCgR0aWNrGAwgASgEEhYKDnNlY3Rpb25fZm9ybWF0GA0gASgNEiQKBmJsb2NrcxgOIAMoCzIULnN0cmF0YS52MS5CbG9ja0luZm8iowEKCUJsb2NrSW5mbxIKCgJpZBgBIAEoDRIMCgRuYW1lGAIgASgJEg0KBXNvbGlkGAMgASgIEhMKC3RyYW5zcGFyZW50GAQgASgIEg0KBWNvbG9yGAUgASgNEg4KBmxpcXVpZBgGIAEoCBITCgtyZXBsYWNlYWJsZRgHIAEoCBIRCglwbGFjZWFibGUYCCABKAgSEQoJYnJlYWthYmxlGAkgASgIIlQKC1dvcmxkQm91bmRzEhUKDW1pbl9zZWN0aW9uX3kYASABKBESFQoNbWF4X3NlY3Rpb25feRgCIAEoERIXCg9ib3JkZXJfc2VjdGlvbnMYAyABKBEi1AUKDFNlcnZlckxpbWl0cxIZChFtYXhfdmlld19kaXN0YW5jZRgBIAEoDRIZChFjb250cm9sX2ZyYW1lX2NhcBgCIAEoDRIXCg9jaHVua19mcmFtZV9jYXAYAyABKA0SGQoRbWF4X2RhdGFncmFtX3NpemUYBCABKA0SEQoJdGlja19yYXRlGAUgASgNEhcKD21heF9jaGF0X2xlbmd0aBgGIAEoDRIUCgxjb250cm9sX3JhdGUYByABKA0SFQoNY29udHJvbF9idXJzdBgIIAEoDRIWCg5zdWJzY3JpYmVfcmF0ZRgJIAEoDRIRCgljaGF0X3JhdGUYCiABKA0SGQoRc2VjdGlvbnNfcGVyX3RpY2sYCyABKA0SFgoOYnl0ZXNfcGVyX3RpY2sYDCABKA0SFwoPaWRsZV90aW1lb3V0X21zGA0gASgNEhIKCndhbGtfc3BlZWQYDiABKAESFAoMc3ByaW50X3NwZWVkGA8gASgBEhEKCWZseV9zcGVlZBgQIAEoARISCgpyaXNlX3NwZWVkGBEgASgBEhIKCmZhbGxfc3BlZWQYEiABKAESFwoPc3BlZWRfdG9sZXJhbmNlGBMgASgBEhIKCm1vdmVfc2xhY2sYFCABKAESFAoMYWxsb3dfZmxpZ2h0GBUgASgIEhQKDHBsYXllcl93aWR0aBgWIAEoARIVCg1wbGF5ZXJfaGVpZ2h0GBcgASgBEhIKCmV5ZV9oZWlnaHQYGCABKAESDQoFcmVhY2gYGSABKAESEwoLYWN0aW9uX3JhdGUYGiABKAESFAoMYWN0aW9uX2J1cnN0GBsgASgNEhgKEGlucHV0X2JhbmtfdGlja3MYHCABKA0SGQoRaW5wdXRfY2xvY2tfc2xhY2sYHSABKA0SFgoObWF4X2xvZF9sZXZlbHMYHiABKA0SGgoSZGVmYXVsdF9sb2RfbGV2ZWxzGB8gASgNImYKBlJlamVjdBIiCgRjb2RlGAEgASgOMhQuc3RyYXRhLnYxLkVycm9yQ29kZRIOCgZyZWFzb24YAiABKAkSEwoLbWluX3ZlcnNpb24YAyABKA0SEwoLbWF4X3ZlcnNpb24YBCABKA0ioQEKBUlucHV0EhIKCmlucHV0X3RpY2sYASABKAQSIQoIcG9zaXRpb24YAiABKAsyDy5zdHJhdGEudjEuVmVjMxIiCgh2ZWxvY2l0eRgDIAEoCzIQLnN0cmF0YS52MS5WZWMzZhILCgN5YXcYBCABKAISDQoFcGl0Y2gYBSABKAISDgoGZmx5aW5nGAYgASgIEhEKCW9uX2dyb3VuZBgHIAEoCCJCCgpCcmVha0Jsb2NrEiAKA3BvcxgBIAEoCzITLnN0cmF0YS52MS5CbG9ja1BvcxISCgpyZXF1ZXN0X2lkGAIgASgNIlEKClBsYWNlQmxvY2sSIAoDcG9zGAEgASgLMhMuc3RyYXRhLnYxLkJsb2NrUG9zEg0KBWJsb2NrGAIgASgNEhIKCnJlcXVlc3RfaWQYAyABKA0iFAoEQ2hhdBIMCgR0ZXh0GAEgASgJIiMKBFBpbmcSDQoFbm9uY2UYASABKAQSDAoEdGltZRgCIAEoAyI6CgRQb25nEg0KBW5vbmNlGAEgASgEEgwKBHRpbWUYAiABKAMSFQoNcmVjZWl2ZXJfdGltZRgDIAEoAyI2CglTdWJzY3JpYmUSFQoNdmlld19kaXN0YW5jZRgBIAEoDRISCgpsb2RfbGV2ZWxzGAIgASgNInwKCUFjdGlvbkFjaxISCgpyZXF1ZXN0X2lkGAEgASgNEhAKCGFjY2VwdGVkGAIgASgIEicKBnJlc3VsdBgDIAEoDjIXLnN0cmF0YS52MS5BY3Rpb25SZXN1bHQSEAoIcmV2aXNpb24YBCABKAQSDgoGcmVhc29uGAUgASgJIpoBCgpDb3JyZWN0aW9uEiEKCHBvc2l0aW9uGAEgASgLMg8uc3RyYXRhLnYxLlZlYzMSIgoIdmVsb2NpdHkYAiABKAsyEC5zdHJhdGEudjEuVmVjM2YSFwoPbGFzdF9pbnB1dF90aWNrGAMgASgEEhAKCHRlbGVwb3J0GAQgASgIEgsKA3lhdxgFIAEoAhINCgVwaXRjaBgGIAEoAiJQCgtCbG9ja1VwZGF0ZRIgCgNwb3MYASABKAsyEy5zdHJhdGEudjEuQmxvY2tQb3MSDQoFYmxvY2sYAiABKA0SEAoIcmV2aXNpb24YAyABKAQiUAoNQ2hhdEJyb2FkY2FzdBITCgtmcm9tX2VudGl0eRgBIAEoBBIMCgRmcm9tGAIgASgJEgwKBHRleHQYAyABKAkSDgoGc3lzdGVtGAQgASgIIksKBUVycm9yEiIKBGNvZGUYASABKA4yFC5zdHJhdGEudjEuRXJyb3JDb2RlEg8KB21lc3NhZ2UYAiABKAkSDQoFZmF0YWwYAyABKAgiPgoESGVsZBIlCgZyZWFzb24YASABKA4yFS5zdHJhdGEudjEuSG9sZFJlYXNvbhIPCgdtaXNzaW5nGAIgASgNIgoKCFJlbGVhc2VkIi8KDFBsYXllckpvaW5lZBIRCgllbnRpdHlfaWQYASABKAQSDAoEbmFtZRgCIAEoCSIfCgpQbGF5ZXJMZWZ0EhEKCWVudGl0eV9pZBgBIAEoBCL8AQoLRW50aXR5U3Bhd24SEQoJZW50aXR5X2lkGAEgASgEEgwKBGtpbmQYAiABKAkSIQoIcG9zaXRpb24YAyABKAsyDy5zdHJhdGEudjEuVmVjMxILCgN5YXcYBCABKAISDQoFcGl0Y2gYBSABKAISIgoIdmVsb2NpdHkYBiABKAsyEC5zdHJhdGEudjEuVmVjM2YSDQoFd2lkdGgYByABKAISDgoGaGVpZ2h0GAggASgCEi4KCmF0dHJpYnV0ZXMYCSADKAsyGi5zdHJhdGEudjEuRW50aXR5QXR0cmlidXRlEgwKBG5hbWUYCiABKAkSDAoEdGljaxgLIAEoBCItCg9FbnRpdHlBdHRyaWJ1dGUSCwoDa2V5GAEgASgJEg0KBXZhbHVlGAIgASgSIjgKDEVudGl0eVNwYXducxIoCghlbnRpdGllcxgBIAMoCzIWLnN0cmF0YS52MS5FbnRpdHlTcGF3biIkCg5FbnRpdHlEZXNwYXducxISCgplbnRpdHlfaWRzGAEgAygEIksKBUNodW5rEiIKA3BvcxgBIAEoCzIVLnN0cmF0YS52MS5TZWN0aW9uUG9zEhAKCHJldmlzaW9uGAIgASgEEgwKBGRhdGEYAyABKAwiKgoERHJvcBIiCgNwb3MYASABKAsyFS5zdHJhdGEudjEuU2VjdGlvblBvcyJHCgVEcm9wcxIOCgZjb29yZHMYASADKBESDwoHY29sdW1ucxgCIAMoERINCgVtYXNrcxgDIAMoDRIOCgZiYXNlX3kYBCABKBEiTQoLQWlyU2VjdGlvbnMSDgoGY29vcmRzGAEgAygREg8KB2NvbHVtbnMYAiADKBESDQoFbWFza3MYAyADKA0SDgoGYmFzZV95GAQgASgRIl8KCkxPRFNlY3Rpb24SIgoDcG9zGAEgASgLMhUuc3RyYXRhLnYxLlNlY3Rpb25Qb3MSDQoFbGV2ZWwYAiABKA0SEAoIcmV2aXNpb24YAyABKAQSDAoEZGF0YRgEIAEoDCIqCglMT0RVbmxvYWQSDQoFbGV2ZWwYASABKA0SDgoGY29vcmRzGAIgAygRIpEBCgtQbGF5ZXJTdGF0ZRIRCgllbnRpdHlfaWQYASABKAQSIQoIcG9zaXRpb24YAiABKAsyDy5zdHJhdGEudjEuVmVjMxILCgN5YXcYAyABKAISDQoFcGl0Y2gYBCABKAISDAoEdGljaxgFIAEoBBIiCgh2ZWxvY2l0eRgGIAEoCzIQLnN0cmF0YS52MS5WZWMzZiKQAQoMQ29tcGFjdFN0YXRlEhEKCWVudGl0eV9pZBgBIAEoBBIJCgF4GAIgASgSEgkKAXkYAyABKBISCQoBehgEIAEoEhILCgN5YXcYBSABKBESDQoFcGl0Y2gYBiABKBESDAoEdGljaxgHIAEoBBIKCgJ2eBgIIAEoERIKCgJ2eRgJIAEoERIKCgJ2ehgKIAEoESIxCg1QbHVnaW5NZXNzYWdlEg8KB2NoYW5uZWwYASABKAkSDwoHcGF5bG9hZBgCIAEoDCreBAoJRXJyb3JDb2RlEhMKD0VSUk9SX0NPREVfTk9ORRAAEhcKE0VSUk9SX0NPREVfSU5URVJOQUwQARIiCh5FUlJPUl9DT0RFX1VOU1VQUE9SVEVEX1ZFUlNJT04QAhIXChNFUlJPUl9DT0RFX0JBRF9OQU1FEAMSGQoVRVJST1JfQ09ERV9OQU1FX1RBS0VOEAQSGgoWRVJST1JfQ09ERV9TRVJWRVJfRlVMTBAFEhgKFEVSUk9SX0NPREVfRk9SQklEREVOEAYSIAocRVJST1JfQ09ERV9IQU5EU0hBS0VfVElNRU9VVBAHEh4KGkVSUk9SX0NPREVfRlJBTUVfVE9PX0xBUkdFEAgSGAoURVJST1JfQ09ERV9NQUxGT1JNRUQQCRIhCh1FUlJPUl9DT0RFX1BST1RPQ09MX1ZJT0xBVElPThAKEh4KGkVSUk9SX0NPREVfSU5WQUxJRF9NRVNTQUdFEAsSGwoXRVJST1JfQ09ERV9SQVRFX0xJTUlURUQQDBIcChhFUlJPUl9DT0RFX1NMT1dfQ09OU1VNRVIQDRIVChFFUlJPUl9DT0RFX0tJQ0tFRBAOEhcKE0VSUk9SX0NPREVfU0hVVERPV04QDxIbChdFUlJPUl9DT0RFX0lETEVfVElNRU9VVBAQEh4KGkVSUk9SX0NPREVfVU5LTk9XTl9DSEFOTkVMEBESGQoVRVJST1JfQ09ERV9OQU1FX0JPVU5EEBISGgoWRVJST1JfQ09ERV9BVVRIX0ZBSUxFRBATEhcKE0VSUk9SX0NPREVfUkVQTEFDRUQQFCpVCgdCaW5kaW5nEhcKE0JJTkRJTkdfVU5TUEVDSUZJRUQQABIYChRCSU5ESU5HX1RMU19FWFBPUlRFUhABEhcKE0JJTkRJTkdfU0VSVkVSX0NFUlQQAiqNAwoMQWN0aW9uUmVzdWx0EhQKEEFDVElPTl9SRVNVTFRfT0sQABIeChpBQ1RJT05fUkVTVUxUX09VVF9PRl9SRUFDSBABEhwKGEFDVElPTl9SRVNVTFRfTk9UX0xPQURFRBACEh4KGkFDVElPTl9SRVNVTFRfT1VUX09GX1dPUkxEEAMSHwobQUNUSU9OX1JFU1VMVF9JTlZBTElEX0JMT0NLEAQSGgoWQUNUSU9OX1JFU1VMVF9PQ0NVUElFRBAFEh8KG0FDVElPTl9SRVNVTFRfTk9USElOR19USEVSRRAGEh0KGUFDVElPTl9SRVNVTFRfVU5CUkVBS0FCTEUQBxIeChpBQ1RJT05fUkVTVUxUX1JBVEVfTElNSVRFRBAIEiAKHEFDVElPTl9SRVNVTFRfU1RPUkFHRV9GQUlMRUQQCRIWChJBQ1RJT05fUkVTVUxUX0hFTEQQChIYChRBQ1RJT05fUkVTVUxUX0RFTklFRBALEhgKFEFDVElPTl9SRVNVTFRfVkVUT0VEEAwqQgoKSG9sZFJlYXNvbhIbChdIT0xEX1JFQVNPTl9VTlNQRUNJRklFRBAAEhcKE0hPTERfUkVBU09OX1RFUlJBSU4QAUIzWjFnaXRodWIuY29tL3N0cmF0YXZveC9zdHJhdGEvbmV0L3Byb3RvY29sO3Byb3RvY29sYgZwcm90bzM"),Wl=_i(yi,0),od=_i(yi,1),ad=_i(yi,2),ld=_i(yi,3);var Bg=Wr(yi,0),qn=Xr(Bg),kg=Wr(yi,1),Cs=Xr(kg),zg=Wr(yi,2),Xl=Xr(zg);var Et=class extends Error{constructor(e,t){super(t),this.name="FrameError",this.code=e}};function Vg(n){let e=[];for(;n>=128;)e.push(n%128|128),n=Math.floor(n/128);return e.push(n),Uint8Array.from(e)}function cd(n,e){if(n.length>e)throw new Et("FRAME_TOO_LARGE",`frame of ${n.length} bytes exceeds the cap of ${e}`);let t=Vg(n.length),i=new Uint8Array(t.length+n.length);return i.set(t,0),i.set(n,t.length),i}function Gg(n,e,t){let i=0,s=1;for(let r=0;r<10;r++){if(e+r>=t)return null;let o=n[e+r];if(r===9&&o>1)throw new Et("MALFORMED","frame length overflows 64 bits");if(i+=(o&127)*s,o<128)return{length:i,size:r+1};s*=128}throw new Et("MALFORMED","frame length prefix longer than 10 bytes")}var Ns=class{constructor(e){this.cap=e,this.buf=new Uint8Array(4096),this.start=0,this.end=0}push(e){if(this.end+e.length>this.buf.length){let t=this.end-this.start;if(t+e.length<=this.buf.length&&this.start>0)this.buf.copyWithin(0,this.start,this.end);else{let i=this.buf.length;for(;i<t+e.length;)i*=2;let s=new Uint8Array(i);s.set(this.buf.subarray(this.start,this.end),0),this.buf=s}this.start=0,this.end=t}this.buf.set(e,this.end),this.end+=e.length}next(){let e=Gg(this.buf,this.start,this.end);if(e===null)return null;if(e.length>this.cap)throw new Et("FRAME_TOO_LARGE",`frame length ${e.length} exceeds the cap of ${this.cap} bytes`);let t=this.start+e.size;if(this.end-t<e.length)return null;let i=this.buf.slice(t,t+e.length);return this.start=t+e.length,this.start===this.end&&(this.start=this.end=0),i}get buffered(){return this.end-this.start}};var md=2,$r=1,Hg="batched-drops",Ps="entities",Ls="deflate-chunks",Wg="air-sections",Xg="column-lists",Yg="compact-states",Kg=1024,ud=16,Yl=256,dd=["player-states",Hg,Xg,Ps,Yg,Wg];function qg(){if(typeof DecompressionStream!="function")return!1;try{return new DecompressionStream("deflate-raw"),!0}catch{return!1}}function gd(n=qg()){return n?[...dd,Ls]:[...dd]}var fd=64;var $g=/^[a-z0-9_.\/-]+:[a-z0-9_.\/-]+$/;function ql(n){return typeof n!="string"||n===""?"channel is empty":n.length>fd?`channel is ${n.length} bytes, the limit is ${fd}`:$g.test(n)?null:`channel ${JSON.stringify(n)} is not namespace:name of a-z 0-9 _ - . /`}var $l={readUnknownFields:!1};function Zl(n,e){let t=pi(Wl,{kind:{case:n,value:e}});return cd(Gl(Wl,t),65536)}function Jl(n){return jl("server control message",()=>xi(od,n,$l))}var Ql={drops:"Drops",air:"AirSections"};function _d(n){let e=jl("chunk stream message",()=>xi(ad,n,$l)),t=Ql[e.kind.case];return t&&(bd(t,e.kind.value),Sd(t,e.kind.value)),e}function xd(n){return vd(Ql.drops,n)}function yd(n){return vd(Ql.air,n)}function vd(n,e){bd(n,e),Sd(n,e);let t=e.coords??[],i=new Array(t.length/3);for(let l=0;l<i.length;l++)i[l]={x:t[3*l],y:t[3*l+1],z:t[3*l+2]};let s=e.columns??[],r=e.masks??[],o=e.baseY??0,a=0,c=0;for(let l=0;l<r.length;l++){a=a+s[2*l]|0,c=c+s[2*l+1]|0;for(let h=r[l]>>>0,u=o;h!==0;h>>>=1,u++)h&1&&i.push({x:a,y:u,z:c})}return i}function Sd(n,e){let t=e.columns?.length??0,i=e.masks?.length??0;if(t%2!==0||i!==t/2)throw new Et("INVALID_MESSAGE",`${n} has ${t} column coords and ${i} masks, not x, z pairs with a mask each`);if(i>0&&(e.baseY??0)>2147483616)throw new Et("INVALID_MESSAGE",`${n} base_y ${e.baseY} puts sections past the largest y`)}function bd(n,e){let t=e.coords?.length??0;if(t%3!==0)throw new Et("INVALID_MESSAGE",`${n} has ${t} coords, not a multiple of 3 (x, y, z triples)`)}function Md(n){if(n.length>1100)throw new Et("FRAME_TOO_LARGE",`datagram of ${n.length} bytes exceeds ${1100}`);return jl("datagram",()=>xi(ld,n,$l))}function Ed(n){switch(n.kind.case){case"playerState":return n.kind.value;case"compactState":{let e=n.kind.value,t=i=>Number(i)/Kg;return{entityId:e.entityId,position:{x:t(e.x),y:t(e.y),z:t(e.z)},yaw:e.yaw/ud,pitch:e.pitch/ud,tick:e.tick,velocity:{x:e.vx/Yl,y:e.vy/Yl,z:e.vz/Yl}}}}return null}function jl(n,e){try{return e()}catch(t){throw new Et("MALFORMED",`${n}: ${t.message}`)}}function vi(n){return qn[n]??`INTERNAL (${n})`}function ec(n){return Xl[n]??`UNKNOWN (${n})`}var pd=160;function Ad(n){let e=ec(n.result),t=(n.reason??"").trim();return t.length>pd&&(t=`${t.slice(0,pd-1)}\u2026`),t?`${t} (${e})`:n.result===Xl.VETOED?`${e} by a plugin`:e}var eo="strata:player",Zr=Object.freeze({width:.6,height:1.8}),Zg=.05,Jg=64,Qg=12,Qr=class{constructor(){this.byId=new Map,this.self=null,this.granted=!1,this.stats={spawns:0,despawns:0,states:0,stale:0,unknown:0}}reset(e=null,t=!1){this.byId.clear(),this.self=e,this.granted=t}get size(){return this.byId.size}get(e){return this.byId.get(e)}[Symbol.iterator](){return this.byId.values()}spawn(e){let t=[];for(let i of e.entities??[]){if(this.self!==null&&i.entityId===this.self)continue;this.stats.spawns++;let s=this.byId.get(i.entityId),r=i.tick??0n,o=Td(i,{kind:i.kind||"",name:i.name||"",width:wd(i.width,Zr.width),height:wd(i.height,Zr.height),attributes:new Map((i.attributes??[]).map(a=>[a.key,a.value]))});s&&s.tick>r?Object.assign(o,{tick:s.tick,target:s.target,shown:s.shown,yaw:s.yaw,pitch:s.pitch,velocity:s.velocity}):s&&(o.shown=s.shown),this.byId.set(o.id,o),t.push(o)}return t}despawn(e){let t=[];for(let i of e.entityIds??[])this.stats.despawns++,this.byId.delete(i)&&t.push(i);return t}remove(e){return this.byId.delete(e)}state(e,t=()=>""){if(this.self!==null&&e.entityId===this.self)return"self";if(!e.position)return"stale";let i=e.tick??0n,s=this.byId.get(e.entityId);return s?i<=s.tick?(this.stats.stale++,"stale"):(this.stats.states++,s.tick=i,s.target=jr(e.position),s.yaw=e.yaw??s.yaw,s.pitch=e.pitch??s.pitch,e.velocity&&(s.velocity=jr(e.velocity)),"moved"):this.granted?(this.stats.unknown++,"unknown"):(s=Td(e,{kind:eo,name:t(e.entityId)||"",width:Zr.width,height:Zr.height,attributes:new Map}),this.byId.set(s.id,s),this.stats.states++,"created")}step(e){let t=1-Math.exp(-e*Qg);for(let i of this.byId.values())i.shown.x+=(i.target.x-i.shown.x)*t,i.shown.y+=(i.target.y-i.shown.y)*t,i.shown.z+=(i.target.z-i.shown.z)*t}};function Td(n,e){let t=jr(n.position);return{id:n.entityId,...e,tick:n.tick??0n,target:t,shown:{...t},yaw:n.yaw??0,pitch:n.pitch??0,velocity:jr(n.velocity)}}function jr(n){return{x:n?.x??0,y:n?.y??0,z:n?.z??0}}function wd(n,e){return!Number.isFinite(n)||n<=0?e:Math.min(Jg,Math.max(Zg,n))}function nc(n){return n.kind===eo?jg(n.id):e0(n.kind)}function jg(n){let e=Number(BigInt(n)%360n)*137.5%360;return Rd(e/360,.6,.5)}function e0(n){let e=Jr.get(n);if(e===void 0){let t=t0(n),i=t%360/360,s=.4+(t>>>16)%5*.05;e=Rd(i,.45,s),Jr.size>=256&&Jr.clear(),Jr.set(n,e)}return e}var Jr=new Map;function t0(n){let e=2166136261;for(let t of new TextEncoder().encode(n))e^=t,e=Math.imul(e,16777619)>>>0;return e>>>0}function Rd(n,e,t){n=(n%1+1)%1;let i=t,s=t,r=t;if(e!==0){let a=t<=.5?t*(1+e):t+e-t*e,c=2*t-a;i=tc(c,a,n+1/3),s=tc(c,a,n),r=tc(c,a,n-1/3)}let o=a=>Math.round(Math.min(1,Math.max(0,a))*255);return o(i)<<16|o(s)<<8|o(r)}function tc(n,e,t){return t<0&&(t+=1),t>1&&(t-=1),t<1/6?n+(e-n)*6*t:t<1/2?e:t<2/3?n+(e-n)*6*(2/3-t):n}var to=class{constructor(e,t){this.root=e,this.canvas=t,this.lines=e.querySelector("#hud-lines"),this.state=e.querySelector("#hud-state"),this.error=e.querySelector("#hud-error"),this.toastEl=document.getElementById("toast"),this.toastTimer=0}update(e){this.state.textContent=e.state,this.state.className=e.stateClass,this.lines.textContent=e.lines.join(`
`),this.error.textContent=e.error?`last error: ${e.error}`:"";for(let[t,i]of Object.entries(e.data))this.canvas.dataset[t]=String(i)}toast(e,t=2e3){this.toastEl.textContent=e,this.toastEl.hidden=!1,clearTimeout(this.toastTimer),this.toastTimer=setTimeout(()=>this.toastEl.hidden=!0,t)}};var n0="strata-login-v2\0";var i0="strata";var io="identity",Id="login-key",Cd={name:"Ed25519"},$n=class extends Error{constructor(e,t){super(e,t),this.name="IdentityError"}};function Nd(n,e,t,i,s){if(!Number.isInteger(n)||n<0||n>255)throw new RangeError(`login transcript: binding ${n} is not a byte`);if(s.length!==32)throw new RangeError(`login transcript: public key is ${s.length} bytes, not 32`);let r=new TextEncoder().encode(n0),o=new TextEncoder().encode(i),a=[r,Uint8Array.of(n),ic("binding value",e),ic("nonce",t),ic("name",o),s],c=new Uint8Array(a.reduce((h,u)=>h+u.length,0)),l=0;for(let h of a)c.set(h,l),l+=h.length;return c}function ic(n,e){if(e.length>255)throw new RangeError(`login transcript: ${n} is ${e.length} bytes, at most 255 fit`);let t=new Uint8Array(1+e.length);return t[0]=e.length,t.set(e,1),t}function s0(n){return Array.from(n,e=>e.toString(16).padStart(2,"0")).join("")}var sc=class{constructor({privateKey:e,publicKey:t,stored:i,why:s="",subtle:r}){this.privateKey=e,this.publicKey=t,this.stored=i,this.why=s,this.subtle=r}get publicHex(){return s0(this.publicKey)}async sign(e){let t;try{t=new Uint8Array(await this.subtle.sign(Cd,this.privateKey,e))}catch(i){throw new $n(`cannot sign the login with this browser's key: ${i.message||i}`,{cause:i})}if(t.length!==64)throw new $n(`WebCrypto made a ${t.length}-byte Ed25519 signature, not 64`);return t}};async function Pd(n={}){let e=n.subtle??globalThis.crypto?.subtle;if(!e)throw new $n("this page has no WebCrypto (crypto.subtle needs a secure context): it cannot sign its login");let t="indexedDB"in n?n.indexedDB:globalThis.indexedDB,i=await r0(e);if(!t)return no(i,e,!1,"IndexedDB is not available");let s;try{s=await a0(t)}catch(r){return no(i,e,!1,`IndexedDB: ${r.message||r}`)}try{let r=await l0(s,i);return no(r,e,!0)}catch(r){return no(i,e,!1,`IndexedDB: ${r.message||r}`)}finally{s.close()}}async function r0(n){let e;try{e=await n.generateKey(Cd,!1,["sign","verify"])}catch(i){throw new $n(`this browser's WebCrypto has no Ed25519 (${i.message||i}): the login needs it (a current Chromium, Firefox or Safari has it)`,{cause:i})}let t=new Uint8Array(await n.exportKey("raw",e.publicKey));return{privateKey:e.privateKey,publicKey:t}}function no(n,e,t,i=""){return new sc({privateKey:n.privateKey,publicKey:n.publicKey,stored:t,why:i,subtle:e})}function o0(n){return n!=null&&n.privateKey?.type==="private"&&n.privateKey.algorithm?.name==="Ed25519"&&n.publicKey instanceof Uint8Array&&n.publicKey.length===32}function a0(n){return new Promise((e,t)=>{let i;try{i=n.open(i0,1)}catch(s){t(s);return}i.onupgradeneeded=()=>{i.result.objectStoreNames.contains(io)||i.result.createObjectStore(io)},i.onsuccess=()=>e(i.result),i.onerror=()=>t(i.error??new Error("cannot open the database")),i.onblocked=()=>t(new Error("the database is blocked by another tab"))})}async function l0(n,e){let t=null;return await c0(n,"readwrite",i=>{let s=i.get(Id);s.onsuccess=()=>{if(o0(s.result)){t=s.result;return}i.put({privateKey:e.privateKey,publicKey:e.publicKey},Id),t=e}}),t}function c0(n,e,t){return new Promise((i,s)=>{let r=n.transaction(io,e);r.oncomplete=()=>i(),r.onerror=()=>s(r.error??new Error("transaction failed")),r.onabort=()=>s(r.error??new Error("transaction aborted")),t(r.objectStore(io))})}var rc=0,ro=-1;function gn(n,e,t){return`${n},${e},${t}`}function mn(n){return Math.floor(n/16)}var so=class{constructor(){this.sections=new Map,this.maxSectionY=1/0}setTop(e){this.maxSectionY=e}get size(){return this.sections.size}get(e,t,i){return this.sections.get(gn(e,t,i))}put(e){this.sections.set(gn(e.x,e.y,e.z),e)}delete(e,t,i){return this.sections.delete(gn(e,t,i))}clear(){this.sections.clear()}blockAt(e,t,i){let s=mn(t);if(s>this.maxSectionY)return rc;let r=this.sections.get(gn(mn(e),s,mn(i)));return r?r.cells?r.cells[Ss(e&15,t&15,i&15)]:r.uniform:ro}setBlock(e,t,i,s){let r=this.sections.get(gn(mn(e),mn(t),mn(i)));if(!r)return null;if(!r.cells){if(r.uniform===s)return r;r.cells=new Uint16Array(Li).fill(r.uniform),r.uniform=null}return r.cells[Ss(e&15,t&15,i&15)]=s,r}};var Fi=Object.freeze({walkSpeed:4.317,sprintSpeed:5.612,flySpeed:21.6,riseSpeed:10,fallSpeed:78.4,speedTolerance:1.25,moveSlack:.05,allowFlight:!0,playerWidth:.6,playerHeight:1.8,eyeHeight:1.62,reach:6,actionRate:20,actionBurst:20,tickRate:20,inputBankTicks:20,inputClockSlack:3});function Ld(n){let e={...Fi};if(!n)return Object.freeze(e);for(let t of Object.keys(Fi))typeof Fi[t]=="number"&&Number.isFinite(n[t])&&n[t]>0&&(e[t]=n[t]);return n.sprintSpeed>0&&(e.allowFlight=!!n.allowFlight),Object.freeze(e)}var h0=32,u0=8.9,d0=.5,oc=vs();function f0(n,e=oc){return n===ro||e.solid(n)}var oo=class{constructor(e=Fi,t=oc){this.rules=e,this.blocks=t,this.pos={x:.5,y:80,z:.5},this.vel={x:0,y:0,z:0},this.yaw=0,this.pitch=0,this.flying=!0,this.onGround=!1}look(){let e=this.yaw*Math.PI/180,t=this.pitch*Math.PI/180;return{x:-Math.sin(e)*Math.cos(t),y:-Math.sin(t),z:Math.cos(e)*Math.cos(t)}}eye(){return{x:this.pos.x,y:this.pos.y+this.rules.eyeHeight,z:this.pos.z}}speeds(){let e=this.rules;return{walk:e.walkSpeed,sprint:e.sprintSpeed,fly:e.flySpeed*d0,flySprint:e.flySpeed}}mode(e){return this.flying?e?.sprint?"fly-sprint":"fly":e?.sprint?"sprint":"walk"}step(e,t,i){let s=this.yaw*Math.PI/180,r=-Math.sin(s),o=Math.cos(s),a=-o,c=r,l=r*t.forward+a*t.strafe,h=o*t.forward+c*t.strafe,u=Math.hypot(l,h);u>1&&(l/=u,h/=u);let d=this.speeds();if(this.flying){let p=t.sprint?d.flySprint:d.fly,g=t.up,v=Math.hypot(l,g,h);v>1&&(l/=v,g/=v,h/=v),this.vel.x=l*p,this.vel.z=h*p,this.vel.y=g*p}else{let p=t.sprint?d.sprint:d.walk;this.vel.x=l*p,this.vel.z=h*p,t.jump&&this.onGround&&(this.vel.y=Math.min(u0,this.rules.riseSpeed)),this.vel.y=Math.max(-this.rules.fallSpeed,this.vel.y-h0*e)}this.moveAndCollide(e,i)}moveAndCollide(e,t){let i={x:this.vel.x*e,y:this.vel.y*e,z:this.vel.z*e},s=Math.max(1,Math.ceil(Math.max(Math.abs(i.x),Math.abs(i.y),Math.abs(i.z))/.4));this.onGround=!1;for(let r=0;r<s;r++)for(let o of["y","x","z"]){let a=i[o]/s;if(a===0)continue;let c=this.pos[o];if(this.pos[o]+=a,!this.collides(t))continue;let l=o==="y"?0:-this.rules.playerWidth/2,h=o==="y"?this.rules.playerHeight:this.rules.playerWidth/2;this.pos[o]=a>0?Math.floor(c+h+a)-h:Math.ceil(c+l+a)-l,((a>0?this.pos[o]<c:this.pos[o]>c)||this.collides(t))&&(this.pos[o]=c),o==="y"&&a<0&&(this.onGround=!0),this.vel[o]=0,i[o]=0}}collides(e){let t=this.rules.playerWidth/2,i=1e-7,s=Math.floor(this.pos.x-t+i),r=Math.floor(this.pos.x+t-i),o=Math.floor(this.pos.y+i),a=Math.floor(this.pos.y+this.rules.playerHeight-i),c=Math.floor(this.pos.z-t+i),l=Math.floor(this.pos.z+t-i);for(let h=o;h<=a;h++)for(let u=c;u<=l;u++)for(let d=s;d<=r;d++)if(f0(e(d,h,u),this.blocks))return!0;return!1}overlapsBlock(e,t,i){let s=this.rules.playerWidth/2;return this.pos.x+s>e&&this.pos.x-s<e+1&&this.pos.y+this.rules.playerHeight>t&&this.pos.y<t+1&&this.pos.z+s>i&&this.pos.z-s<i+1}};function Dd(n,e,t,i,s=oc){let r=Math.floor(n.x),o=Math.floor(n.y),a=Math.floor(n.z),c=Math.sign(e.x),l=Math.sign(e.y),h=Math.sign(e.z),u=(E,T,A)=>A>0?T+1-E:E-T,d=c?Math.abs(1/e.x):1/0,p=l?Math.abs(1/e.y):1/0,g=h?Math.abs(1/e.z):1/0,v=c?u(n.x,r,c)*d:1/0,f=l?u(n.y,o,l)*p:1/0,m=h?u(n.z,a,h)*g:1/0,S=[0,0,0],w=0;for(let E=0;E<256&&w<=t;E++){let T=i(r,o,a);if(T===ro)return null;if(T!==0&&!s.liquid(T))return{x:r,y:o,z:a,block:T,normal:S,dist:w};v<f&&v<m?(r+=c,w=v,v+=d,S=[-c,0,0]):f<m?(o+=l,w=f,f+=p,S=[0,-l,0]):(a+=h,w=m,m+=g,S=[0,0,-h])}return null}function Ud(n){let{bank:e,slack:t}=ao(n);return Math.max(1,Math.min(40,e-t-1))}function p0(n){let{bank:e,slack:t}=ao(n);return Math.max(2,e+t-2)}function ao(n){return{bank:Math.floor(n?.inputBankTicks||20),slack:Math.floor(n?.inputClockSlack??3)}}var m0=8,g0=256;function Zn(n){return{pos:{...n.pos},vel:{...n.vel},onGround:n.onGround,flying:n.flying}}var lo=class{constructor(e){this.player=e,this.reset()}reset(){this.tick=0n,this.acc=0,this.history=[],this.prev=Zn(this.player),this.replayed=0,this.resyncs=0,this.paused=0,this.pauseAfterNext=0,this.aligning=!1,this.backoffs=0,this.frameMs=0,this.recent=[],this.claimed=0}get headroom(){let e=ao(this.player.rules).slack+1;return Math.min(Ud(this.player.rules),Math.max(e,Math.ceil(this.frameMs/this.stepMs)))}resync(){this.resyncs++,this.acc=0,this.aligning=!0,this.paused=0,this.pauseAfterNext=this.headroom}backoff(){this.backoffs++,this.paused=Math.max(this.paused,ao(this.player.rules).slack+1)}get stepMs(){return 1e3/(this.player.rules.tickRate||20)}advance(e,t,i){let s=this.stepMs;this.frameMs=Math.max(Math.max(0,e),this.frameMs*.95);let r;if(this.aligning)this.aligning=!1,this.acc=0,r=1;else{this.acc+=Math.max(0,e),r=Math.floor(this.acc/s+1e-9);let a=this.bound;r>a&&(r=a,this.acc=r*s),this.acc=Math.max(0,this.acc-r*s)}let o=[];for(let a=0;a<r;a++){if(this.paused>0){this.paused--,this.prev=Zn(this.player);continue}o.push(this.stepOnce(t,i)),this.pauseAfterNext>0&&(this.paused=this.pauseAfterNext,this.pauseAfterNext=0)}return this.claimed=o.length,this.recent.push(Math.max(0,e)),this.recent.length>m0&&this.recent.shift(),o}get bound(){let e=this.player.rules,t=this.recent.length?Math.floor(Math.min(...this.recent)/this.stepMs+1e-9):1/0;return Math.max(1,Math.min(Ud(e),p0(e)-this.claimed+t))}get boundMs(){return this.bound*this.stepMs}stepOnce(e,t){let i=this.player;this.prev=Zn(i),i.step(1/(i.rules.tickRate||20),e,t),this.tick++;let s={tick:this.tick,move:{...e},yaw:i.yaw,pitch:i.pitch,flying:i.flying,after:Zn(i)};return this.history.push(s),this.history.length>g0&&this.history.shift(),s}get alpha(){return Math.min(1,this.acc/this.stepMs)}rendered(){let e=this.alpha,t=this.player.pos,i=this.prev.pos;return{x:i.x+(t.x-i.x)*e,y:i.y+(t.y-i.y)*e,z:i.z+(t.z-i.z)*e}}correct(e,t){let i=this.player,s=BigInt(e.lastInputTick??0),r={yaw:i.yaw,pitch:i.pitch};if(e.position&&(i.pos={x:e.position.x,y:e.position.y,z:e.position.z}),i.vel=e.velocity?{x:e.velocity.x,y:e.velocity.y,z:e.velocity.z}:{x:0,y:0,z:0},e.teleport)return this.history=[],this.prev=Zn(i),this.resync(),0;this.backoff();let o=this.history.filter(c=>c.tick>s);this.history=[];let a=0;for(let c of o)i.yaw=c.yaw,i.pitch=c.pitch,i.flying=c.flying,this.prev=Zn(i),i.step(1/(i.rules.tickRate||20),c.move,t),this.history.push({...c,after:Zn(i)}),a++;return a===0&&(this.prev=Zn(i)),i.yaw=r.yaw,i.pitch=r.pitch,this.replayed+=a,a}acknowledge(e){for(;this.history.length&&this.history[0].tick<=e;)this.history.shift()}};var ff=0,Oc=1,pf=2;var gr=1,mf=2,hs=3,En=0,Ft=1,nn=2,wi=0,us=1,Fc=2,Bc=3,kc=4,gf=5;var Ri=100,_f=101,xf=102,yf=103,vf=104,Sf=200,bf=201,Mf=202,Ef=203,zc=204,Vc=205,Af=206,Tf=207,wf=208,Rf=209,If=210,Cf=211,Nf=212,Pf=213,Lf=214,Go=0,Ho=1,Wo=2,is=3,Xo=4,Yo=5,Ko=6,qo=7,Gc=0,Df=1,Uf=2,An=0,Hc=1,Wc=2,Xc=3,Yc=4,Kc=5,qc=6,$c=7;var Zc=300,Ii=301,ds=302,ba=303,Ma=304,$o=1e3,yn=1001,Zo=1002,St=1003,Of=1004;var _r=1005;var Ut=1006,Ea=1007;var Vn=1008;var Kt=1009,Jc=1010,Qc=1011,fs=1012,Aa=1013,un=1014,sn=1015,dn=1016,Ta=1017,wa=1018,Ci=1020,jc=35902,eh=35899,th=1021,nh=1022,fn=1023,On=1026,Gn=1027,Ra=1028,Ia=1029,li=1030,Ca=1031;var Na=1033,xr=33776,yr=33777,vr=33778,Sr=33779,Pa=35840,La=35841,Da=35842,Ua=35843,Oa=36196,Fa=37492,Ba=37496,ka=37488,za=37489,br=37490,Va=37491,Ga=37808,Ha=37809,Wa=37810,Xa=37811,Ya=37812,Ka=37813,qa=37814,$a=37815,Za=37816,Ja=37817,Qa=37818,ja=37819,el=37820,tl=37821,nl=36492,il=36494,sl=36495,rl=36283,ol=36284,Mr=36285,al=36286;var Xs=2300,Jo=2301,ko=2302,Cc=2303,Nc=2400,Pc=2401,Lc=2402;var Ff=3200;var ih=0,Bf=1,Hn="",Ht="srgb",Ti="srgb-linear",Ys="linear",qe="srgb";var zo=7680;var kf=519,zf=512,Vf=513,Gf=514,sh=515,Hf=516,Wf=517,rh=518,oh=519,ah=35044,ll=35048;var lh="300 es",en=2e3,Ks=2001;function _0(n){for(let e=n.length-1;e>=0;--e)if(n[e]>=65535)return!0;return!1}function x0(n){return ArrayBuffer.isView(n)&&!(n instanceof DataView)}function qs(n){return document.createElementNS("http://www.w3.org/1999/xhtml",n)}function Xf(){let n=qs("canvas");return n.style.display="block",n}var Od={},ss=null;function $s(...n){let e="THREE."+n.shift();ss?ss("log",e,...n):console.log(e,...n)}function Yf(n){let e=n[0];if(typeof e=="string"&&e.startsWith("TSL:")){let t=n[1];t&&t.isStackTrace?n[0]+=" "+t.getLocation():n[1]='Stack trace not available. Enable "THREE.Node.captureStackTrace" to capture stack traces.'}return n}function Re(...n){n=Yf(n);let e="THREE."+n.shift();if(ss)ss("warn",e,...n);else{let t=n[0];t&&t.isStackTrace?console.warn(t.getError(e)):console.warn(e,...n)}}function Ce(...n){n=Yf(n);let e="THREE."+n.shift();if(ss)ss("error",e,...n);else{let t=n[0];t&&t.isStackTrace?console.error(t.getError(e)):console.error(e,...n)}}function Ws(...n){let e=n.join(" ");e in Od||(Od[e]=!0,Re(...n))}function Kf(n,e,t){return new Promise(function(i,s){function r(){switch(n.clientWaitSync(e,n.SYNC_FLUSH_COMMANDS_BIT,0)){case n.WAIT_FAILED:s();break;case n.TIMEOUT_EXPIRED:setTimeout(r,t);break;default:i()}}setTimeout(r,t)})}var qf={[Go]:Go,[Wo]:Ko,[Xo]:Xo,[is]:Yo,[Ho]:Ho,[Ko]:Wo,[qo]:qo,[Yo]:is},vn=class{addEventListener(e,t){this._listeners===void 0&&(this._listeners={});let i=this._listeners;i[e]===void 0&&(i[e]=[]),i[e].indexOf(t)===-1&&i[e].push(t)}hasEventListener(e,t){let i=this._listeners;return i===void 0?!1:i[e]!==void 0&&i[e].indexOf(t)!==-1}removeEventListener(e,t){let i=this._listeners;if(i===void 0)return;let s=i[e];if(s!==void 0){let r=s.indexOf(t);r!==-1&&s.splice(r,1)}}dispatchEvent(e){let t=this._listeners;if(t===void 0)return;let i=t[e.type];if(i!==void 0){e.target=this;let s=i.slice(0);for(let r=0,o=s.length;r<o;r++)s[r].call(this,e);e.target=null}}},wt=["00","01","02","03","04","05","06","07","08","09","0a","0b","0c","0d","0e","0f","10","11","12","13","14","15","16","17","18","19","1a","1b","1c","1d","1e","1f","20","21","22","23","24","25","26","27","28","29","2a","2b","2c","2d","2e","2f","30","31","32","33","34","35","36","37","38","39","3a","3b","3c","3d","3e","3f","40","41","42","43","44","45","46","47","48","49","4a","4b","4c","4d","4e","4f","50","51","52","53","54","55","56","57","58","59","5a","5b","5c","5d","5e","5f","60","61","62","63","64","65","66","67","68","69","6a","6b","6c","6d","6e","6f","70","71","72","73","74","75","76","77","78","79","7a","7b","7c","7d","7e","7f","80","81","82","83","84","85","86","87","88","89","8a","8b","8c","8d","8e","8f","90","91","92","93","94","95","96","97","98","99","9a","9b","9c","9d","9e","9f","a0","a1","a2","a3","a4","a5","a6","a7","a8","a9","aa","ab","ac","ad","ae","af","b0","b1","b2","b3","b4","b5","b6","b7","b8","b9","ba","bb","bc","bd","be","bf","c0","c1","c2","c3","c4","c5","c6","c7","c8","c9","ca","cb","cc","cd","ce","cf","d0","d1","d2","d3","d4","d5","d6","d7","d8","d9","da","db","dc","dd","de","df","e0","e1","e2","e3","e4","e5","e6","e7","e8","e9","ea","eb","ec","ed","ee","ef","f0","f1","f2","f3","f4","f5","f6","f7","f8","f9","fa","fb","fc","fd","fe","ff"];var Vo=Math.PI/180,Qo=180/Math.PI;function Ni(){let n=Math.random()*4294967295|0,e=Math.random()*4294967295|0,t=Math.random()*4294967295|0,i=Math.random()*4294967295|0;return(wt[n&255]+wt[n>>8&255]+wt[n>>16&255]+wt[n>>24&255]+"-"+wt[e&255]+wt[e>>8&255]+"-"+wt[e>>16&15|64]+wt[e>>24&255]+"-"+wt[t&63|128]+wt[t>>8&255]+"-"+wt[t>>16&255]+wt[t>>24&255]+wt[i&255]+wt[i>>8&255]+wt[i>>16&255]+wt[i>>24&255]).toLowerCase()}function Xe(n,e,t){return Math.max(e,Math.min(t,n))}function y0(n,e){return(n%e+e)%e}function ac(n,e,t){return(1-t)*n+t*e}function $f(n){return Math.pow(2,Math.floor(Math.log(n)/Math.LN2))}function cl(n){switch(n.constructor){case Uint32Array:return 4294967295;case Uint16Array:return 65535;case Uint8Array:case Uint8ClampedArray:return 255;case Int32Array:return 2147483647;case Int16Array:return 32767;case Int8Array:return 127;default:return}}function Zf(n,e){if(e.constructor===Float32Array)return n;let t=cl(e);if(t===void 0)throw new Error("THREE.MathUtils: Invalid component type.");return Math.max(n/t,-1)}function Jf(n,e){if(e.constructor===Float32Array)return n;let t=cl(e);if(t===void 0)throw new Error("THREE.MathUtils: Invalid component type.");return Math.round(n*t)}var ke=class{static{this.prototype.isVector2=!0}constructor(e=0,t=0){this.x=e,this.y=t}get width(){return this.x}set width(e){this.x=e}get height(){return this.y}set height(e){this.y=e}set(e,t){return this.x=e,this.y=t,this}setScalar(e){return this.x=e,this.y=e,this}setX(e){return this.x=e,this}setY(e){return this.y=e,this}setComponent(e,t){switch(e){case 0:this.x=t;break;case 1:this.y=t;break;default:throw new Error("THREE.Vector2: index is out of range: "+e)}return this}getComponent(e){switch(e){case 0:return this.x;case 1:return this.y;default:throw new Error("THREE.Vector2: index is out of range: "+e)}}clone(){return new this.constructor(this.x,this.y)}copy(e){return this.x=e.x,this.y=e.y,this}add(e){return this.x+=e.x,this.y+=e.y,this}addScalar(e){return this.x+=e,this.y+=e,this}addVectors(e,t){return this.x=e.x+t.x,this.y=e.y+t.y,this}addScaledVector(e,t){return this.x+=e.x*t,this.y+=e.y*t,this}sub(e){return this.x-=e.x,this.y-=e.y,this}subScalar(e){return this.x-=e,this.y-=e,this}subVectors(e,t){return this.x=e.x-t.x,this.y=e.y-t.y,this}multiply(e){return this.x*=e.x,this.y*=e.y,this}multiplyScalar(e){return this.x*=e,this.y*=e,this}divide(e){return this.x/=e.x,this.y/=e.y,this}divideScalar(e){return this.multiplyScalar(1/e)}applyMatrix3(e){let t=this.x,i=this.y,s=e.elements;return this.x=s[0]*t+s[3]*i+s[6],this.y=s[1]*t+s[4]*i+s[7],this}min(e){return this.x=Math.min(this.x,e.x),this.y=Math.min(this.y,e.y),this}max(e){return this.x=Math.max(this.x,e.x),this.y=Math.max(this.y,e.y),this}clamp(e,t){return this.x=Xe(this.x,e.x,t.x),this.y=Xe(this.y,e.y,t.y),this}clampScalar(e,t){return this.x=Xe(this.x,e,t),this.y=Xe(this.y,e,t),this}clampLength(e,t){let i=this.length();return this.divideScalar(i||1).multiplyScalar(Xe(i,e,t))}floor(){return this.x=Math.floor(this.x),this.y=Math.floor(this.y),this}ceil(){return this.x=Math.ceil(this.x),this.y=Math.ceil(this.y),this}round(){return this.x=Math.round(this.x),this.y=Math.round(this.y),this}roundToZero(){return this.x=Math.trunc(this.x),this.y=Math.trunc(this.y),this}negate(){return this.x=-this.x,this.y=-this.y,this}dot(e){return this.x*e.x+this.y*e.y}cross(e){return this.x*e.y-this.y*e.x}lengthSq(){return this.x*this.x+this.y*this.y}length(){return Math.sqrt(this.x*this.x+this.y*this.y)}manhattanLength(){return Math.abs(this.x)+Math.abs(this.y)}normalize(){return this.divideScalar(this.length()||1)}angle(){return Math.atan2(-this.y,-this.x)+Math.PI}angleTo(e){let t=Math.sqrt(this.lengthSq()*e.lengthSq());if(t===0)return Math.PI/2;let i=this.dot(e)/t;return Math.acos(Xe(i,-1,1))}distanceTo(e){return Math.sqrt(this.distanceToSquared(e))}distanceToSquared(e){let t=this.x-e.x,i=this.y-e.y;return t*t+i*i}manhattanDistanceTo(e){return Math.abs(this.x-e.x)+Math.abs(this.y-e.y)}setLength(e){return this.normalize().multiplyScalar(e)}lerp(e,t){return this.x+=(e.x-this.x)*t,this.y+=(e.y-this.y)*t,this}lerpVectors(e,t,i){return this.x=e.x+(t.x-e.x)*i,this.y=e.y+(t.y-e.y)*i,this}equals(e){return e.x===this.x&&e.y===this.y}fromArray(e,t=0){return this.x=e[t],this.y=e[t+1],this}toArray(e=[],t=0){return e[t]=this.x,e[t+1]=this.y,e}fromBufferAttribute(e,t){return this.x=e.getX(t),this.y=e.getY(t),this}rotateAround(e,t){let i=Math.cos(t),s=Math.sin(t),r=this.x-e.x,o=this.y-e.y;return this.x=r*i-o*s+e.x,this.y=r*s+o*i+e.y,this}random(){return this.x=Math.random(),this.y=Math.random(),this}*[Symbol.iterator](){yield this.x,yield this.y}},Sn=class{constructor(e=0,t=0,i=0,s=1){this.isQuaternion=!0,this._x=e,this._y=t,this._z=i,this._w=s}static slerpFlat(e,t,i,s,r,o,a){let c=i[s+0],l=i[s+1],h=i[s+2],u=i[s+3],d=r[o+0],p=r[o+1],g=r[o+2],v=r[o+3];if(u!==v||c!==d||l!==p||h!==g){let f=c*d+l*p+h*g+u*v;f<0&&(d=-d,p=-p,g=-g,v=-v,f=-f);let m=1-a;if(f<.9995){let S=Math.acos(f),w=Math.sin(S);m=Math.sin(m*S)/w,a=Math.sin(a*S)/w,c=c*m+d*a,l=l*m+p*a,h=h*m+g*a,u=u*m+v*a}else{c=c*m+d*a,l=l*m+p*a,h=h*m+g*a,u=u*m+v*a;let S=1/Math.sqrt(c*c+l*l+h*h+u*u);c*=S,l*=S,h*=S,u*=S}}e[t]=c,e[t+1]=l,e[t+2]=h,e[t+3]=u}static multiplyQuaternionsFlat(e,t,i,s,r,o){let a=i[s],c=i[s+1],l=i[s+2],h=i[s+3],u=r[o],d=r[o+1],p=r[o+2],g=r[o+3];return e[t]=a*g+h*u+c*p-l*d,e[t+1]=c*g+h*d+l*u-a*p,e[t+2]=l*g+h*p+a*d-c*u,e[t+3]=h*g-a*u-c*d-l*p,e}get x(){return this._x}set x(e){this._x=e,this._onChangeCallback()}get y(){return this._y}set y(e){this._y=e,this._onChangeCallback()}get z(){return this._z}set z(e){this._z=e,this._onChangeCallback()}get w(){return this._w}set w(e){this._w=e,this._onChangeCallback()}set(e,t,i,s){return this._x=e,this._y=t,this._z=i,this._w=s,this._onChangeCallback(),this}clone(){return new this.constructor(this._x,this._y,this._z,this._w)}copy(e){return this._x=e.x,this._y=e.y,this._z=e.z,this._w=e.w,this._onChangeCallback(),this}setFromEuler(e,t=!0){let i=e._x,s=e._y,r=e._z,o=e._order,a=Math.cos,c=Math.sin,l=a(i/2),h=a(s/2),u=a(r/2),d=c(i/2),p=c(s/2),g=c(r/2);switch(o){case"XYZ":this._x=d*h*u+l*p*g,this._y=l*p*u-d*h*g,this._z=l*h*g+d*p*u,this._w=l*h*u-d*p*g;break;case"YXZ":this._x=d*h*u+l*p*g,this._y=l*p*u-d*h*g,this._z=l*h*g-d*p*u,this._w=l*h*u+d*p*g;break;case"ZXY":this._x=d*h*u-l*p*g,this._y=l*p*u+d*h*g,this._z=l*h*g+d*p*u,this._w=l*h*u-d*p*g;break;case"ZYX":this._x=d*h*u-l*p*g,this._y=l*p*u+d*h*g,this._z=l*h*g-d*p*u,this._w=l*h*u+d*p*g;break;case"YZX":this._x=d*h*u+l*p*g,this._y=l*p*u+d*h*g,this._z=l*h*g-d*p*u,this._w=l*h*u-d*p*g;break;case"XZY":this._x=d*h*u-l*p*g,this._y=l*p*u-d*h*g,this._z=l*h*g+d*p*u,this._w=l*h*u+d*p*g;break;default:Re("Quaternion: .setFromEuler() encountered an unknown order: "+o)}return t===!0&&this._onChangeCallback(),this}setFromAxisAngle(e,t){let i=t/2,s=Math.sin(i);return this._x=e.x*s,this._y=e.y*s,this._z=e.z*s,this._w=Math.cos(i),this._onChangeCallback(),this}setFromRotationMatrix(e){let t=e.elements,i=t[0],s=t[4],r=t[8],o=t[1],a=t[5],c=t[9],l=t[2],h=t[6],u=t[10],d=i+a+u;if(d>0){let p=.5/Math.sqrt(d+1);this._w=.25/p,this._x=(h-c)*p,this._y=(r-l)*p,this._z=(o-s)*p}else if(i>a&&i>u){let p=2*Math.sqrt(1+i-a-u);this._w=(h-c)/p,this._x=.25*p,this._y=(s+o)/p,this._z=(r+l)/p}else if(a>u){let p=2*Math.sqrt(1+a-i-u);this._w=(r-l)/p,this._x=(s+o)/p,this._y=.25*p,this._z=(c+h)/p}else{let p=2*Math.sqrt(1+u-i-a);this._w=(o-s)/p,this._x=(r+l)/p,this._y=(c+h)/p,this._z=.25*p}return this._onChangeCallback(),this}setFromUnitVectors(e,t){let i=e.dot(t)+1;return i<1e-8?(i=0,Math.abs(e.x)>Math.abs(e.z)?(this._x=-e.y,this._y=e.x,this._z=0,this._w=i):(this._x=0,this._y=-e.z,this._z=e.y,this._w=i)):(this._x=e.y*t.z-e.z*t.y,this._y=e.z*t.x-e.x*t.z,this._z=e.x*t.y-e.y*t.x,this._w=i),this.normalize()}angleTo(e){return 2*Math.acos(Math.abs(Xe(this.dot(e),-1,1)))}rotateTowards(e,t){let i=this.angleTo(e);if(i===0)return this;let s=Math.min(1,t/i);return this.slerp(e,s),this}identity(){return this.set(0,0,0,1)}invert(){return this.conjugate()}conjugate(){return this._x*=-1,this._y*=-1,this._z*=-1,this._onChangeCallback(),this}dot(e){return this._x*e._x+this._y*e._y+this._z*e._z+this._w*e._w}lengthSq(){return this._x*this._x+this._y*this._y+this._z*this._z+this._w*this._w}length(){return Math.sqrt(this._x*this._x+this._y*this._y+this._z*this._z+this._w*this._w)}normalize(){let e=this.length();return e===0?(this._x=0,this._y=0,this._z=0,this._w=1):(e=1/e,this._x=this._x*e,this._y=this._y*e,this._z=this._z*e,this._w=this._w*e),this._onChangeCallback(),this}multiply(e){return this.multiplyQuaternions(this,e)}premultiply(e){return this.multiplyQuaternions(e,this)}multiplyQuaternions(e,t){let i=e._x,s=e._y,r=e._z,o=e._w,a=t._x,c=t._y,l=t._z,h=t._w;return this._x=i*h+o*a+s*l-r*c,this._y=s*h+o*c+r*a-i*l,this._z=r*h+o*l+i*c-s*a,this._w=o*h-i*a-s*c-r*l,this._onChangeCallback(),this}slerp(e,t){let i=e._x,s=e._y,r=e._z,o=e._w,a=this.dot(e);a<0&&(i=-i,s=-s,r=-r,o=-o,a=-a);let c=1-t;if(a<.9995){let l=Math.acos(a),h=Math.sin(l);c=Math.sin(c*l)/h,t=Math.sin(t*l)/h,this._x=this._x*c+i*t,this._y=this._y*c+s*t,this._z=this._z*c+r*t,this._w=this._w*c+o*t,this._onChangeCallback()}else this._x=this._x*c+i*t,this._y=this._y*c+s*t,this._z=this._z*c+r*t,this._w=this._w*c+o*t,this.normalize();return this}slerpQuaternions(e,t,i){return this.copy(e).slerp(t,i)}random(){let e=2*Math.PI*Math.random(),t=2*Math.PI*Math.random(),i=Math.random(),s=Math.sqrt(1-i),r=Math.sqrt(i);return this.set(s*Math.sin(e),s*Math.cos(e),r*Math.sin(t),r*Math.cos(t))}equals(e){return e._x===this._x&&e._y===this._y&&e._z===this._z&&e._w===this._w}fromArray(e,t=0){return this._x=e[t],this._y=e[t+1],this._z=e[t+2],this._w=e[t+3],this._onChangeCallback(),this}toArray(e=[],t=0){return e[t]=this._x,e[t+1]=this._y,e[t+2]=this._z,e[t+3]=this._w,e}fromBufferAttribute(e,t){return this._x=e.getX(t),this._y=e.getY(t),this._z=e.getZ(t),this._w=e.getW(t),this._onChangeCallback(),this}toJSON(){return this.toArray()}_onChange(e){return this._onChangeCallback=e,this}_onChangeCallback(){}*[Symbol.iterator](){yield this._x,yield this._y,yield this._z,yield this._w}},F=class{static{this.prototype.isVector3=!0}constructor(e=0,t=0,i=0){this.x=e,this.y=t,this.z=i}set(e,t,i){return i===void 0&&(i=this.z),this.x=e,this.y=t,this.z=i,this}setScalar(e){return this.x=e,this.y=e,this.z=e,this}setX(e){return this.x=e,this}setY(e){return this.y=e,this}setZ(e){return this.z=e,this}setComponent(e,t){switch(e){case 0:this.x=t;break;case 1:this.y=t;break;case 2:this.z=t;break;default:throw new Error("THREE.Vector3: index is out of range: "+e)}return this}getComponent(e){switch(e){case 0:return this.x;case 1:return this.y;case 2:return this.z;default:throw new Error("THREE.Vector3: index is out of range: "+e)}}clone(){return new this.constructor(this.x,this.y,this.z)}copy(e){return this.x=e.x,this.y=e.y,this.z=e.z,this}add(e){return this.x+=e.x,this.y+=e.y,this.z+=e.z,this}addScalar(e){return this.x+=e,this.y+=e,this.z+=e,this}addVectors(e,t){return this.x=e.x+t.x,this.y=e.y+t.y,this.z=e.z+t.z,this}addScaledVector(e,t){return this.x+=e.x*t,this.y+=e.y*t,this.z+=e.z*t,this}sub(e){return this.x-=e.x,this.y-=e.y,this.z-=e.z,this}subScalar(e){return this.x-=e,this.y-=e,this.z-=e,this}subVectors(e,t){return this.x=e.x-t.x,this.y=e.y-t.y,this.z=e.z-t.z,this}multiply(e){return this.x*=e.x,this.y*=e.y,this.z*=e.z,this}multiplyScalar(e){return this.x*=e,this.y*=e,this.z*=e,this}multiplyVectors(e,t){return this.x=e.x*t.x,this.y=e.y*t.y,this.z=e.z*t.z,this}applyEuler(e){return this.applyQuaternion(Fd.setFromEuler(e))}applyAxisAngle(e,t){return this.applyQuaternion(Fd.setFromAxisAngle(e,t))}applyMatrix3(e){let t=this.x,i=this.y,s=this.z,r=e.elements;return this.x=r[0]*t+r[3]*i+r[6]*s,this.y=r[1]*t+r[4]*i+r[7]*s,this.z=r[2]*t+r[5]*i+r[8]*s,this}applyNormalMatrix(e){return this.applyMatrix3(e).normalize()}applyMatrix4(e){let t=this.x,i=this.y,s=this.z,r=e.elements,o=1/(r[3]*t+r[7]*i+r[11]*s+r[15]);return this.x=(r[0]*t+r[4]*i+r[8]*s+r[12])*o,this.y=(r[1]*t+r[5]*i+r[9]*s+r[13])*o,this.z=(r[2]*t+r[6]*i+r[10]*s+r[14])*o,this}applyQuaternion(e){let t=this.x,i=this.y,s=this.z,r=e.x,o=e.y,a=e.z,c=e.w,l=2*(o*s-a*i),h=2*(a*t-r*s),u=2*(r*i-o*t);return this.x=t+c*l+o*u-a*h,this.y=i+c*h+a*l-r*u,this.z=s+c*u+r*h-o*l,this}project(e){return this.applyMatrix4(e.matrixWorldInverse).applyMatrix4(e.projectionMatrix)}unproject(e){return this.applyMatrix4(e.projectionMatrixInverse).applyMatrix4(e.matrixWorld)}transformDirection(e){let t=this.x,i=this.y,s=this.z,r=e.elements;return this.x=r[0]*t+r[4]*i+r[8]*s,this.y=r[1]*t+r[5]*i+r[9]*s,this.z=r[2]*t+r[6]*i+r[10]*s,this.normalize()}divide(e){return this.x/=e.x,this.y/=e.y,this.z/=e.z,this}divideScalar(e){return this.multiplyScalar(1/e)}min(e){return this.x=Math.min(this.x,e.x),this.y=Math.min(this.y,e.y),this.z=Math.min(this.z,e.z),this}max(e){return this.x=Math.max(this.x,e.x),this.y=Math.max(this.y,e.y),this.z=Math.max(this.z,e.z),this}clamp(e,t){return this.x=Xe(this.x,e.x,t.x),this.y=Xe(this.y,e.y,t.y),this.z=Xe(this.z,e.z,t.z),this}clampScalar(e,t){return this.x=Xe(this.x,e,t),this.y=Xe(this.y,e,t),this.z=Xe(this.z,e,t),this}clampLength(e,t){let i=this.length();return this.divideScalar(i||1).multiplyScalar(Xe(i,e,t))}floor(){return this.x=Math.floor(this.x),this.y=Math.floor(this.y),this.z=Math.floor(this.z),this}ceil(){return this.x=Math.ceil(this.x),this.y=Math.ceil(this.y),this.z=Math.ceil(this.z),this}round(){return this.x=Math.round(this.x),this.y=Math.round(this.y),this.z=Math.round(this.z),this}roundToZero(){return this.x=Math.trunc(this.x),this.y=Math.trunc(this.y),this.z=Math.trunc(this.z),this}negate(){return this.x=-this.x,this.y=-this.y,this.z=-this.z,this}dot(e){return this.x*e.x+this.y*e.y+this.z*e.z}lengthSq(){return this.x*this.x+this.y*this.y+this.z*this.z}length(){return Math.sqrt(this.x*this.x+this.y*this.y+this.z*this.z)}manhattanLength(){return Math.abs(this.x)+Math.abs(this.y)+Math.abs(this.z)}normalize(){return this.divideScalar(this.length()||1)}setLength(e){return this.normalize().multiplyScalar(e)}lerp(e,t){return this.x+=(e.x-this.x)*t,this.y+=(e.y-this.y)*t,this.z+=(e.z-this.z)*t,this}lerpVectors(e,t,i){return this.x=e.x+(t.x-e.x)*i,this.y=e.y+(t.y-e.y)*i,this.z=e.z+(t.z-e.z)*i,this}cross(e){return this.crossVectors(this,e)}crossVectors(e,t){let i=e.x,s=e.y,r=e.z,o=t.x,a=t.y,c=t.z;return this.x=s*c-r*a,this.y=r*o-i*c,this.z=i*a-s*o,this}projectOnVector(e){let t=e.lengthSq();if(t===0)return this.set(0,0,0);let i=e.dot(this)/t;return this.copy(e).multiplyScalar(i)}projectOnPlane(e){return lc.copy(this).projectOnVector(e),this.sub(lc)}reflect(e){return this.sub(lc.copy(e).multiplyScalar(2*this.dot(e)))}angleTo(e){let t=Math.sqrt(this.lengthSq()*e.lengthSq());if(t===0)return Math.PI/2;let i=this.dot(e)/t;return Math.acos(Xe(i,-1,1))}distanceTo(e){return Math.sqrt(this.distanceToSquared(e))}distanceToSquared(e){let t=this.x-e.x,i=this.y-e.y,s=this.z-e.z;return t*t+i*i+s*s}manhattanDistanceTo(e){return Math.abs(this.x-e.x)+Math.abs(this.y-e.y)+Math.abs(this.z-e.z)}setFromSpherical(e){return this.setFromSphericalCoords(e.radius,e.phi,e.theta)}setFromSphericalCoords(e,t,i){let s=Math.sin(t)*e;return this.x=s*Math.sin(i),this.y=Math.cos(t)*e,this.z=s*Math.cos(i),this}setFromCylindrical(e){return this.setFromCylindricalCoords(e.radius,e.theta,e.y)}setFromCylindricalCoords(e,t,i){return this.x=e*Math.sin(t),this.y=i,this.z=e*Math.cos(t),this}setFromMatrixPosition(e){let t=e.elements;return this.x=t[12],this.y=t[13],this.z=t[14],this}setFromMatrixScale(e){let t=this.setFromMatrixColumn(e,0).length(),i=this.setFromMatrixColumn(e,1).length(),s=this.setFromMatrixColumn(e,2).length();return this.x=t,this.y=i,this.z=s,this}setFromMatrixColumn(e,t){return this.fromArray(e.elements,t*4)}setFromMatrix3Column(e,t){return this.fromArray(e.elements,t*3)}setFromEuler(e){return this.x=e._x,this.y=e._y,this.z=e._z,this}setFromColor(e){return this.x=e.r,this.y=e.g,this.z=e.b,this}equals(e){return e.x===this.x&&e.y===this.y&&e.z===this.z}fromArray(e,t=0){return this.x=e[t],this.y=e[t+1],this.z=e[t+2],this}toArray(e=[],t=0){return e[t]=this.x,e[t+1]=this.y,e[t+2]=this.z,e}fromBufferAttribute(e,t){return this.x=e.getX(t),this.y=e.getY(t),this.z=e.getZ(t),this}random(){return this.x=Math.random(),this.y=Math.random(),this.z=Math.random(),this}randomDirection(){let e=Math.random()*Math.PI*2,t=Math.random()*2-1,i=Math.sqrt(1-t*t);return this.x=i*Math.cos(e),this.y=t,this.z=i*Math.sin(e),this}*[Symbol.iterator](){yield this.x,yield this.y,yield this.z}},lc=new F,Fd=new Sn,Ne=class{static{this.prototype.isMatrix3=!0}constructor(e,t,i,s,r,o,a,c,l){this.elements=[1,0,0,0,1,0,0,0,1],e!==void 0&&this.set(e,t,i,s,r,o,a,c,l)}set(e,t,i,s,r,o,a,c,l){let h=this.elements;return h[0]=e,h[1]=s,h[2]=a,h[3]=t,h[4]=r,h[5]=c,h[6]=i,h[7]=o,h[8]=l,this}identity(){return this.set(1,0,0,0,1,0,0,0,1),this}copy(e){let t=this.elements,i=e.elements;return t[0]=i[0],t[1]=i[1],t[2]=i[2],t[3]=i[3],t[4]=i[4],t[5]=i[5],t[6]=i[6],t[7]=i[7],t[8]=i[8],this}extractBasis(e,t,i){return e.setFromMatrix3Column(this,0),t.setFromMatrix3Column(this,1),i.setFromMatrix3Column(this,2),this}setFromMatrix4(e){let t=e.elements;return this.set(t[0],t[4],t[8],t[1],t[5],t[9],t[2],t[6],t[10]),this}multiply(e){return this.multiplyMatrices(this,e)}premultiply(e){return this.multiplyMatrices(e,this)}multiplyMatrices(e,t){let i=e.elements,s=t.elements,r=this.elements,o=i[0],a=i[3],c=i[6],l=i[1],h=i[4],u=i[7],d=i[2],p=i[5],g=i[8],v=s[0],f=s[3],m=s[6],S=s[1],w=s[4],E=s[7],T=s[2],A=s[5],_=s[8];return r[0]=o*v+a*S+c*T,r[3]=o*f+a*w+c*A,r[6]=o*m+a*E+c*_,r[1]=l*v+h*S+u*T,r[4]=l*f+h*w+u*A,r[7]=l*m+h*E+u*_,r[2]=d*v+p*S+g*T,r[5]=d*f+p*w+g*A,r[8]=d*m+p*E+g*_,this}multiplyScalar(e){let t=this.elements;return t[0]*=e,t[3]*=e,t[6]*=e,t[1]*=e,t[4]*=e,t[7]*=e,t[2]*=e,t[5]*=e,t[8]*=e,this}determinant(){let e=this.elements,t=e[0],i=e[1],s=e[2],r=e[3],o=e[4],a=e[5],c=e[6],l=e[7],h=e[8];return t*o*h-t*a*l-i*r*h+i*a*c+s*r*l-s*o*c}invert(){let e=this.elements,t=e[0],i=e[1],s=e[2],r=e[3],o=e[4],a=e[5],c=e[6],l=e[7],h=e[8],u=h*o-a*l,d=a*c-h*r,p=l*r-o*c,g=t*u+i*d+s*p;if(g===0)return this.set(0,0,0,0,0,0,0,0,0);let v=1/g;return e[0]=u*v,e[1]=(s*l-h*i)*v,e[2]=(a*i-s*o)*v,e[3]=d*v,e[4]=(h*t-s*c)*v,e[5]=(s*r-a*t)*v,e[6]=p*v,e[7]=(i*c-l*t)*v,e[8]=(o*t-i*r)*v,this}transpose(){let e,t=this.elements;return e=t[1],t[1]=t[3],t[3]=e,e=t[2],t[2]=t[6],t[6]=e,e=t[5],t[5]=t[7],t[7]=e,this}getNormalMatrix(e){return this.setFromMatrix4(e).invert().transpose()}transposeIntoArray(e){let t=this.elements;return e[0]=t[0],e[1]=t[3],e[2]=t[6],e[3]=t[1],e[4]=t[4],e[5]=t[7],e[6]=t[2],e[7]=t[5],e[8]=t[8],this}setUvTransform(e,t,i,s,r,o,a){let c=Math.cos(r),l=Math.sin(r);return this.set(i*c,i*l,-i*(c*o+l*a)+o+e,-s*l,s*c,-s*(-l*o+c*a)+a+t,0,0,1),this}scale(e,t){return Ws("Matrix3: .scale() is deprecated. Use .makeScale() instead."),this.premultiply(cc.makeScale(e,t)),this}rotate(e){return Ws("Matrix3: .rotate() is deprecated. Use .makeRotation() instead."),this.premultiply(cc.makeRotation(-e)),this}translate(e,t){return Ws("Matrix3: .translate() is deprecated. Use .makeTranslation() instead."),this.premultiply(cc.makeTranslation(e,t)),this}makeTranslation(e,t){return e.isVector2?this.set(1,0,e.x,0,1,e.y,0,0,1):this.set(1,0,e,0,1,t,0,0,1),this}makeRotation(e){let t=Math.cos(e),i=Math.sin(e);return this.set(t,-i,0,i,t,0,0,0,1),this}makeScale(e,t){return this.set(e,0,0,0,t,0,0,0,1),this}equals(e){let t=this.elements,i=e.elements;for(let s=0;s<9;s++)if(t[s]!==i[s])return!1;return!0}fromArray(e,t=0){for(let i=0;i<9;i++)this.elements[i]=e[i+t];return this}toArray(e=[],t=0){let i=this.elements;return e[t]=i[0],e[t+1]=i[1],e[t+2]=i[2],e[t+3]=i[3],e[t+4]=i[4],e[t+5]=i[5],e[t+6]=i[6],e[t+7]=i[7],e[t+8]=i[8],e}clone(){return new this.constructor().fromArray(this.elements)}},cc=new Ne,Bd=new Ne().set(.4123908,.3575843,.1804808,.212639,.7151687,.0721923,.0193308,.1191948,.9505322),kd=new Ne().set(3.2409699,-1.5373832,-.4986108,-.9692436,1.8759675,.0415551,.0556301,-.203977,1.0569715);function v0(){let n={enabled:!0,workingColorSpace:Ti,spaces:{},convert:function(s,r,o){return this.enabled===!1||r===o||!r||!o||(this.spaces[r].transfer===qe&&(s.r=Un(s.r),s.g=Un(s.g),s.b=Un(s.b)),this.spaces[r].primaries!==this.spaces[o].primaries&&(s.applyMatrix3(this.spaces[r].toXYZ),s.applyMatrix3(this.spaces[o].fromXYZ)),this.spaces[o].transfer===qe&&(s.r=ns(s.r),s.g=ns(s.g),s.b=ns(s.b))),s},workingToColorSpace:function(s,r){return this.convert(s,this.workingColorSpace,r)},colorSpaceToWorking:function(s,r){return this.convert(s,r,this.workingColorSpace)},getPrimaries:function(s){return this.spaces[s].primaries},getTransfer:function(s){return s===Hn?Ys:this.spaces[s].transfer},getToneMappingMode:function(s){return this.spaces[s].outputColorSpaceConfig.toneMappingMode||"standard"},getLuminanceCoefficients:function(s,r=this.workingColorSpace){return s.fromArray(this.spaces[r].luminanceCoefficients)},define:function(s){Object.assign(this.spaces,s)},_getMatrix:function(s,r,o){return s.copy(this.spaces[o].fromXYZ).multiply(this.spaces[r].toXYZ)},_getDrawingBufferColorSpace:function(s){return this.spaces[s].outputColorSpaceConfig.drawingBufferColorSpace},_getUnpackColorSpace:function(s=this.workingColorSpace){return this.spaces[s].workingColorSpaceConfig.unpackColorSpace}},e=[.64,.33,.3,.6,.15,.06],t=[.2126,.7152,.0722],i=[.3127,.329];return n.define({[Ti]:{primaries:e,whitePoint:i,transfer:Ys,toXYZ:Bd,fromXYZ:kd,luminanceCoefficients:t,workingColorSpaceConfig:{unpackColorSpace:Ht},outputColorSpaceConfig:{drawingBufferColorSpace:Ht}},[Ht]:{primaries:e,whitePoint:i,transfer:qe,toXYZ:Bd,fromXYZ:kd,luminanceCoefficients:t,outputColorSpaceConfig:{drawingBufferColorSpace:Ht}}}),n}var ze=v0();function Un(n){return n<.04045?n*.0773993808:Math.pow(n*.9478672986+.0521327014,2.4)}function ns(n){return n<.0031308?n*12.92:1.055*Math.pow(n,.41666)-.055}var Bi,jo=class{static getDataURL(e,t="image/png"){if(/^data:/i.test(e.src)||typeof HTMLCanvasElement>"u")return e.src;let i;if(e instanceof HTMLCanvasElement)i=e;else{Bi===void 0&&(Bi=qs("canvas")),Bi.width=e.width,Bi.height=e.height;let s=Bi.getContext("2d");e instanceof ImageData?s.putImageData(e,0,0):s.drawImage(e,0,0,e.width,e.height),i=Bi}return i.toDataURL(t)}static sRGBToLinear(e){if(typeof HTMLImageElement<"u"&&e instanceof HTMLImageElement||typeof HTMLCanvasElement<"u"&&e instanceof HTMLCanvasElement||typeof ImageBitmap<"u"&&e instanceof ImageBitmap){let t=qs("canvas");t.width=e.width,t.height=e.height;let i=t.getContext("2d");i.drawImage(e,0,0,e.width,e.height);let s=i.getImageData(0,0,e.width,e.height),r=s.data;for(let o=0;o<r.length;o++)r[o]=Un(r[o]/255)*255;return i.putImageData(s,0,0),t}else if(e.data){let t=e.data.slice(0);for(let i=0;i<t.length;i++)t instanceof Uint8Array||t instanceof Uint8ClampedArray?t[i]=Math.floor(Un(t[i]/255)*255):t[i]=Un(t[i]);return{data:t,width:e.width,height:e.height}}else return Re("ImageUtils.sRGBToLinear(): Unsupported image type. No color space conversion applied."),e}},S0=0,rs=class{constructor(e=null){this.isTextureSource=!0,Object.defineProperty(this,"id",{value:S0++}),this.uuid=Ni(),this.data=e,this.dataReady=!0,this.version=0}getSize(e){let t=this.data;return typeof HTMLVideoElement<"u"&&t instanceof HTMLVideoElement?e.set(t.videoWidth,t.videoHeight,0):typeof VideoFrame<"u"&&t instanceof VideoFrame?e.set(t.displayWidth,t.displayHeight,0):t!==null?e.set(t.width||0,t.height||0,t.depth||0):e.set(0,0,0),e}set needsUpdate(e){e===!0&&this.version++}toJSON(e){let t=e===void 0||typeof e=="string";if(!t&&e.images[this.uuid]!==void 0)return e.images[this.uuid];let i={uuid:this.uuid,url:""},s=this.data;if(s!==null){let r;if(Array.isArray(s)){r=[];for(let o=0,a=s.length;o<a;o++)s[o].isDataTexture?r.push(hc(s[o].image)):r.push(hc(s[o]))}else r=hc(s);i.url=r}return t||(e.images[this.uuid]=i),i}};function hc(n){return typeof HTMLImageElement<"u"&&n instanceof HTMLImageElement||typeof HTMLCanvasElement<"u"&&n instanceof HTMLCanvasElement||typeof ImageBitmap<"u"&&n instanceof ImageBitmap?jo.getDataURL(n):n.data?{data:Array.from(n.data),width:n.width,height:n.height,type:n.data.constructor.name}:(Re("Texture: Unable to serialize Texture."),{})}var b0=0,uc=new F,Ot=class n extends vn{constructor(e=n.DEFAULT_IMAGE,t=n.DEFAULT_MAPPING,i=yn,s=yn,r=Ut,o=Vn,a=fn,c=Kt,l=n.DEFAULT_ANISOTROPY,h=Hn){super(),this.isTexture=!0,Object.defineProperty(this,"id",{value:b0++}),this.uuid=Ni(),this.name="",this.source=new rs(e),this.mipmaps=[],this.mapping=t,this.channel=0,this.wrapS=i,this.wrapT=s,this.magFilter=r,this.minFilter=o,this.anisotropy=l,this.format=a,this.internalFormat=null,this.type=c,this.offset=new ke(0,0),this.repeat=new ke(1,1),this.center=new ke(0,0),this.rotation=0,this.matrixAutoUpdate=!0,this.matrix=new Ne,this.generateMipmaps=!0,this.mipmapsAutoUpdate=!0,this.premultiplyAlpha=!1,this.flipY=!0,this.unpackAlignment=4,this.colorSpace=h,this.userData={},this.updateRanges=[],this.version=0,this.onUpdate=null,this.renderTarget=null,this.isRenderTargetTexture=!1,this.isArrayTexture=!!(e&&e.depth&&e.depth>1),this.pmremVersion=0,this.isPMREMTexture=!1,this.normalized=!1}get width(){return this.source.getSize(uc).x}get height(){return this.source.getSize(uc).y}get depth(){return this.source.getSize(uc).z}get image(){return this.source.data}set image(e){this.source.data=e}updateMatrix(){this.matrix.setUvTransform(this.offset.x,this.offset.y,this.repeat.x,this.repeat.y,this.rotation,this.center.x,this.center.y)}addUpdateRange(e,t){this.updateRanges.push({start:e,count:t})}clearUpdateRanges(){this.updateRanges.length=0}clone(){return new this.constructor().copy(this)}copy(e){return this.name=e.name,this.source=e.source,this.mipmaps=e.mipmaps.slice(0),this.mapping=e.mapping,this.channel=e.channel,this.wrapS=e.wrapS,this.wrapT=e.wrapT,this.magFilter=e.magFilter,this.minFilter=e.minFilter,this.anisotropy=e.anisotropy,this.format=e.format,this.internalFormat=e.internalFormat,this.type=e.type,this.normalized=e.normalized,this.offset.copy(e.offset),this.repeat.copy(e.repeat),this.center.copy(e.center),this.rotation=e.rotation,this.matrixAutoUpdate=e.matrixAutoUpdate,this.matrix.copy(e.matrix),this.generateMipmaps=e.generateMipmaps,this.mipmapsAutoUpdate=e.mipmapsAutoUpdate,this.premultiplyAlpha=e.premultiplyAlpha,this.flipY=e.flipY,this.unpackAlignment=e.unpackAlignment,this.colorSpace=e.colorSpace,this.renderTarget=e.renderTarget,this.isRenderTargetTexture=e.isRenderTargetTexture,this.isPMREMTexture=e.isPMREMTexture,this.isArrayTexture=e.isArrayTexture,this.userData=JSON.parse(JSON.stringify(e.userData)),this.needsUpdate=!0,this}setValues(e){for(let t in e){let i=e[t];if(i===void 0){Re(`Texture.setValues(): parameter '${t}' has value of undefined.`);continue}let s=this[t];if(s===void 0){Re(`Texture.setValues(): property '${t}' does not exist.`);continue}s&&i&&s.isVector2&&i.isVector2||s&&i&&s.isVector3&&i.isVector3||s&&i&&s.isMatrix3&&i.isMatrix3?s.copy(i):this[t]=i}}toJSON(e){let t=e===void 0||typeof e=="string";if(!t&&e.textures[this.uuid]!==void 0)return e.textures[this.uuid];let i={metadata:{version:4.7,type:"Texture",generator:"Texture.toJSON"},uuid:this.uuid,name:this.name,image:this.source.toJSON(e).uuid,mapping:this.mapping,channel:this.channel,repeat:[this.repeat.x,this.repeat.y],offset:[this.offset.x,this.offset.y],center:[this.center.x,this.center.y],rotation:this.rotation,wrap:[this.wrapS,this.wrapT],format:this.format,internalFormat:this.internalFormat,type:this.type,normalized:this.normalized,colorSpace:this.colorSpace,minFilter:this.minFilter,magFilter:this.magFilter,anisotropy:this.anisotropy,flipY:this.flipY,generateMipmaps:this.generateMipmaps,mipmapsAutoUpdate:this.mipmapsAutoUpdate,premultiplyAlpha:this.premultiplyAlpha,unpackAlignment:this.unpackAlignment};return Object.keys(this.userData).length>0&&(i.userData=this.userData),t||(e.textures[this.uuid]=i),i}dispose(){this.dispatchEvent({type:"dispose"})}transformUv(e){if(this.mapping!==Zc)return e;if(e.applyMatrix3(this.matrix),e.x<0||e.x>1)switch(this.wrapS){case $o:e.x=e.x-Math.floor(e.x);break;case yn:e.x=e.x<0?0:1;break;case Zo:Math.abs(Math.floor(e.x)%2)===1?e.x=Math.ceil(e.x)-e.x:e.x=e.x-Math.floor(e.x);break}if(e.y<0||e.y>1)switch(this.wrapT){case $o:e.y=e.y-Math.floor(e.y);break;case yn:e.y=e.y<0?0:1;break;case Zo:Math.abs(Math.floor(e.y)%2)===1?e.y=Math.ceil(e.y)-e.y:e.y=e.y-Math.floor(e.y);break}return this.flipY&&(e.y=1-e.y),e}set needsUpdate(e){e===!0&&(this.version++,this.source.needsUpdate=!0)}set needsPMREMUpdate(e){e===!0&&this.pmremVersion++}};Ot.DEFAULT_IMAGE=null;Ot.DEFAULT_MAPPING=Zc;Ot.DEFAULT_ANISOTROPY=1;var at=class{static{this.prototype.isVector4=!0}constructor(e=0,t=0,i=0,s=1){this.x=e,this.y=t,this.z=i,this.w=s}get width(){return this.z}set width(e){this.z=e}get height(){return this.w}set height(e){this.w=e}set(e,t,i,s){return this.x=e,this.y=t,this.z=i,this.w=s,this}setScalar(e){return this.x=e,this.y=e,this.z=e,this.w=e,this}setX(e){return this.x=e,this}setY(e){return this.y=e,this}setZ(e){return this.z=e,this}setW(e){return this.w=e,this}setComponent(e,t){switch(e){case 0:this.x=t;break;case 1:this.y=t;break;case 2:this.z=t;break;case 3:this.w=t;break;default:throw new Error("THREE.Vector4: index is out of range: "+e)}return this}getComponent(e){switch(e){case 0:return this.x;case 1:return this.y;case 2:return this.z;case 3:return this.w;default:throw new Error("THREE.Vector4: index is out of range: "+e)}}clone(){return new this.constructor(this.x,this.y,this.z,this.w)}copy(e){return this.x=e.x,this.y=e.y,this.z=e.z,this.w=e.w!==void 0?e.w:1,this}add(e){return this.x+=e.x,this.y+=e.y,this.z+=e.z,this.w+=e.w,this}addScalar(e){return this.x+=e,this.y+=e,this.z+=e,this.w+=e,this}addVectors(e,t){return this.x=e.x+t.x,this.y=e.y+t.y,this.z=e.z+t.z,this.w=e.w+t.w,this}addScaledVector(e,t){return this.x+=e.x*t,this.y+=e.y*t,this.z+=e.z*t,this.w+=e.w*t,this}sub(e){return this.x-=e.x,this.y-=e.y,this.z-=e.z,this.w-=e.w,this}subScalar(e){return this.x-=e,this.y-=e,this.z-=e,this.w-=e,this}subVectors(e,t){return this.x=e.x-t.x,this.y=e.y-t.y,this.z=e.z-t.z,this.w=e.w-t.w,this}multiply(e){return this.x*=e.x,this.y*=e.y,this.z*=e.z,this.w*=e.w,this}multiplyScalar(e){return this.x*=e,this.y*=e,this.z*=e,this.w*=e,this}applyMatrix4(e){let t=this.x,i=this.y,s=this.z,r=this.w,o=e.elements;return this.x=o[0]*t+o[4]*i+o[8]*s+o[12]*r,this.y=o[1]*t+o[5]*i+o[9]*s+o[13]*r,this.z=o[2]*t+o[6]*i+o[10]*s+o[14]*r,this.w=o[3]*t+o[7]*i+o[11]*s+o[15]*r,this}divide(e){return this.x/=e.x,this.y/=e.y,this.z/=e.z,this.w/=e.w,this}divideScalar(e){return this.multiplyScalar(1/e)}setAxisAngleFromQuaternion(e){this.w=2*Math.acos(e.w);let t=Math.sqrt(1-e.w*e.w);return t<1e-4?(this.x=1,this.y=0,this.z=0):(this.x=e.x/t,this.y=e.y/t,this.z=e.z/t),this}setAxisAngleFromRotationMatrix(e){let t,i,s,r,c=e.elements,l=c[0],h=c[4],u=c[8],d=c[1],p=c[5],g=c[9],v=c[2],f=c[6],m=c[10];if(Math.abs(h-d)<.01&&Math.abs(u-v)<.01&&Math.abs(g-f)<.01){if(Math.abs(h+d)<.1&&Math.abs(u+v)<.1&&Math.abs(g+f)<.1&&Math.abs(l+p+m-3)<.1)return this.set(1,0,0,0),this;t=Math.PI;let w=(l+1)/2,E=(p+1)/2,T=(m+1)/2,A=(h+d)/4,_=(u+v)/4,M=(g+f)/4;return w>E&&w>T?w<.01?(i=0,s=.707106781,r=.707106781):(i=Math.sqrt(w),s=A/i,r=_/i):E>T?E<.01?(i=.707106781,s=0,r=.707106781):(s=Math.sqrt(E),i=A/s,r=M/s):T<.01?(i=.707106781,s=.707106781,r=0):(r=Math.sqrt(T),i=_/r,s=M/r),this.set(i,s,r,t),this}let S=Math.sqrt((f-g)*(f-g)+(u-v)*(u-v)+(d-h)*(d-h));return Math.abs(S)<.001&&(S=1),this.x=(f-g)/S,this.y=(u-v)/S,this.z=(d-h)/S,this.w=Math.acos((l+p+m-1)/2),this}setFromMatrixPosition(e){let t=e.elements;return this.x=t[12],this.y=t[13],this.z=t[14],this.w=t[15],this}min(e){return this.x=Math.min(this.x,e.x),this.y=Math.min(this.y,e.y),this.z=Math.min(this.z,e.z),this.w=Math.min(this.w,e.w),this}max(e){return this.x=Math.max(this.x,e.x),this.y=Math.max(this.y,e.y),this.z=Math.max(this.z,e.z),this.w=Math.max(this.w,e.w),this}clamp(e,t){return this.x=Xe(this.x,e.x,t.x),this.y=Xe(this.y,e.y,t.y),this.z=Xe(this.z,e.z,t.z),this.w=Xe(this.w,e.w,t.w),this}clampScalar(e,t){return this.x=Xe(this.x,e,t),this.y=Xe(this.y,e,t),this.z=Xe(this.z,e,t),this.w=Xe(this.w,e,t),this}clampLength(e,t){let i=this.length();return this.divideScalar(i||1).multiplyScalar(Xe(i,e,t))}floor(){return this.x=Math.floor(this.x),this.y=Math.floor(this.y),this.z=Math.floor(this.z),this.w=Math.floor(this.w),this}ceil(){return this.x=Math.ceil(this.x),this.y=Math.ceil(this.y),this.z=Math.ceil(this.z),this.w=Math.ceil(this.w),this}round(){return this.x=Math.round(this.x),this.y=Math.round(this.y),this.z=Math.round(this.z),this.w=Math.round(this.w),this}roundToZero(){return this.x=Math.trunc(this.x),this.y=Math.trunc(this.y),this.z=Math.trunc(this.z),this.w=Math.trunc(this.w),this}negate(){return this.x=-this.x,this.y=-this.y,this.z=-this.z,this.w=-this.w,this}dot(e){return this.x*e.x+this.y*e.y+this.z*e.z+this.w*e.w}lengthSq(){return this.x*this.x+this.y*this.y+this.z*this.z+this.w*this.w}length(){return Math.sqrt(this.x*this.x+this.y*this.y+this.z*this.z+this.w*this.w)}manhattanLength(){return Math.abs(this.x)+Math.abs(this.y)+Math.abs(this.z)+Math.abs(this.w)}normalize(){return this.divideScalar(this.length()||1)}setLength(e){return this.normalize().multiplyScalar(e)}lerp(e,t){return this.x+=(e.x-this.x)*t,this.y+=(e.y-this.y)*t,this.z+=(e.z-this.z)*t,this.w+=(e.w-this.w)*t,this}lerpVectors(e,t,i){return this.x=e.x+(t.x-e.x)*i,this.y=e.y+(t.y-e.y)*i,this.z=e.z+(t.z-e.z)*i,this.w=e.w+(t.w-e.w)*i,this}equals(e){return e.x===this.x&&e.y===this.y&&e.z===this.z&&e.w===this.w}fromArray(e,t=0){return this.x=e[t],this.y=e[t+1],this.z=e[t+2],this.w=e[t+3],this}toArray(e=[],t=0){return e[t]=this.x,e[t+1]=this.y,e[t+2]=this.z,e[t+3]=this.w,e}fromBufferAttribute(e,t){return this.x=e.getX(t),this.y=e.getY(t),this.z=e.getZ(t),this.w=e.getW(t),this}random(){return this.x=Math.random(),this.y=Math.random(),this.z=Math.random(),this.w=Math.random(),this}*[Symbol.iterator](){yield this.x,yield this.y,yield this.z,yield this.w}},ea=class extends vn{constructor(e=1,t=1,i={}){super(),i=Object.assign({generateMipmaps:!1,internalFormat:null,minFilter:Ut,depthBuffer:!0,stencilBuffer:!1,resolveColorBuffer:!0,resolveDepthBuffer:!0,resolveStencilBuffer:!0,storeMultisampledColorBuffer:!0,storeMultisampledDepthBuffer:!0,storeMultisampledStencilBuffer:!0,depthTexture:null,samples:0,count:1,depth:1,multiview:!1,useArrayDepthTexture:!1},i),this.isRenderTarget=!0,this.width=e,this.height=t,this.depth=i.depth,this.scissor=new at(0,0,e,t),this.scissorTest=!1,this.viewport=new at(0,0,e,t),this.textures=[];let s=i.count;for(let r=0;r<s;r++)this.textures[r]=new Ot({width:e,height:t,depth:i.depth}),this.textures[r].isRenderTargetTexture=!0,this.textures[r].renderTarget=this;this._setTextureOptions(i),this.depthBuffer=i.depthBuffer,this.stencilBuffer=i.stencilBuffer,this.resolveColorBuffer=i.resolveColorBuffer,this.resolveDepthBuffer=i.resolveDepthBuffer,this.resolveStencilBuffer=i.resolveStencilBuffer,this.storeMultisampledColorBuffer=i.storeMultisampledColorBuffer,this.storeMultisampledDepthBuffer=i.storeMultisampledDepthBuffer,this.storeMultisampledStencilBuffer=i.storeMultisampledStencilBuffer,this._depthTexture=null,this.depthTexture=i.depthTexture,this.samples=i.samples,this.multiview=i.multiview,this.useArrayDepthTexture=i.useArrayDepthTexture}_setTextureOptions(e={}){let t={minFilter:Ut,generateMipmaps:!1,flipY:!1,internalFormat:null};e.mapping!==void 0&&(t.mapping=e.mapping),e.wrapS!==void 0&&(t.wrapS=e.wrapS),e.wrapT!==void 0&&(t.wrapT=e.wrapT),e.wrapR!==void 0&&(t.wrapR=e.wrapR),e.magFilter!==void 0&&(t.magFilter=e.magFilter),e.minFilter!==void 0&&(t.minFilter=e.minFilter),e.format!==void 0&&(t.format=e.format),e.type!==void 0&&(t.type=e.type),e.anisotropy!==void 0&&(t.anisotropy=e.anisotropy),e.colorSpace!==void 0&&(t.colorSpace=e.colorSpace),e.flipY!==void 0&&(t.flipY=e.flipY),e.generateMipmaps!==void 0&&(t.generateMipmaps=e.generateMipmaps),e.mipmapsAutoUpdate!==void 0&&(t.mipmapsAutoUpdate=e.mipmapsAutoUpdate),e.internalFormat!==void 0&&(t.internalFormat=e.internalFormat);for(let i=0;i<this.textures.length;i++)this.textures[i].setValues(t)}get texture(){return this.textures[0]}set texture(e){this.textures[0]=e}set depthTexture(e){this._depthTexture!==null&&this._depthTexture.renderTarget===this&&(this._depthTexture.renderTarget=null),e!==null&&e.renderTarget===null&&(e.renderTarget=this),this._depthTexture=e}get depthTexture(){return this._depthTexture}setSize(e,t,i=1){if(this.width!==e||this.height!==t||this.depth!==i){this.width=e,this.height=t,this.depth=i;for(let s=0,r=this.textures.length;s<r;s++)this.textures[s].image.width=e,this.textures[s].image.height=t,this.textures[s].image.depth=i,this.textures[s].isData3DTexture!==!0&&(this.textures[s].isArrayTexture=this.textures[s].image.depth>1);this.dispose()}this.viewport.set(0,0,e,t),this.scissor.set(0,0,e,t)}clone(){return new this.constructor().copy(this)}copy(e){this.width=e.width,this.height=e.height,this.depth=e.depth,this.scissor.copy(e.scissor),this.scissorTest=e.scissorTest,this.viewport.copy(e.viewport),this.textures.length=0;for(let t=0,i=e.textures.length;t<i;t++){this.textures[t]=e.textures[t].clone(),this.textures[t].isRenderTargetTexture=!0,this.textures[t].renderTarget=this;let s=Object.assign({},e.textures[t].image);this.textures[t].source=new rs(s)}if(this.depthBuffer=e.depthBuffer,this.stencilBuffer=e.stencilBuffer,this.resolveColorBuffer=e.resolveColorBuffer,this.resolveDepthBuffer=e.resolveDepthBuffer,this.resolveStencilBuffer=e.resolveStencilBuffer,this.storeMultisampledColorBuffer=e.storeMultisampledColorBuffer,this.storeMultisampledDepthBuffer=e.storeMultisampledDepthBuffer,this.storeMultisampledStencilBuffer=e.storeMultisampledStencilBuffer,e.depthTexture!==null)if(e.depthTexture.renderTarget===e){let t=e.depthTexture.clone();t.renderTarget=null,this.depthTexture=t}else this.depthTexture=e.depthTexture;else this.depthTexture=null;return this.samples=e.samples,this.multiview=e.multiview,this.useArrayDepthTexture=e.useArrayDepthTexture,this}dispose(){this.dispatchEvent({type:"dispose"})}},Wt=class extends ea{constructor(e=1,t=1,i={}){super(e,t,i),this.isWebGLRenderTarget=!0}},Zs=class extends Ot{constructor(e=null,t=1,i=1,s=1){super(null),this.isDataArrayTexture=!0,this.image={data:e,width:t,height:i,depth:s},this.magFilter=St,this.minFilter=St,this.wrapR=yn,this.generateMipmaps=!1,this.flipY=!1,this.unpackAlignment=1,this.layerUpdates=new Set}copy(e){return super.copy(e),this.wrapR=e.wrapR,this}addLayerUpdate(e){this.layerUpdates.add(e)}clearLayerUpdates(){this.layerUpdates.clear()}};var ta=class extends Ot{constructor(e=null,t=1,i=1,s=1){super(null),this.isData3DTexture=!0,this.image={data:e,width:t,height:i,depth:s},this.magFilter=St,this.minFilter=St,this.wrapR=yn,this.generateMipmaps=!1,this.flipY=!1,this.unpackAlignment=1}copy(e){return super.copy(e),this.wrapR=e.wrapR,this}};var Je=class n{static{this.prototype.isMatrix4=!0}constructor(e,t,i,s,r,o,a,c,l,h,u,d,p,g,v,f){this.elements=[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],e!==void 0&&this.set(e,t,i,s,r,o,a,c,l,h,u,d,p,g,v,f)}set(e,t,i,s,r,o,a,c,l,h,u,d,p,g,v,f){let m=this.elements;return m[0]=e,m[4]=t,m[8]=i,m[12]=s,m[1]=r,m[5]=o,m[9]=a,m[13]=c,m[2]=l,m[6]=h,m[10]=u,m[14]=d,m[3]=p,m[7]=g,m[11]=v,m[15]=f,this}identity(){return this.set(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1),this}clone(){return new n().fromArray(this.elements)}copy(e){let t=this.elements,i=e.elements;return t[0]=i[0],t[1]=i[1],t[2]=i[2],t[3]=i[3],t[4]=i[4],t[5]=i[5],t[6]=i[6],t[7]=i[7],t[8]=i[8],t[9]=i[9],t[10]=i[10],t[11]=i[11],t[12]=i[12],t[13]=i[13],t[14]=i[14],t[15]=i[15],this}copyPosition(e){let t=this.elements,i=e.elements;return t[12]=i[12],t[13]=i[13],t[14]=i[14],this}setFromMatrix3(e){let t=e.elements;return this.set(t[0],t[3],t[6],0,t[1],t[4],t[7],0,t[2],t[5],t[8],0,0,0,0,1),this}extractBasis(e,t,i){return this.determinantAffine()===0?(e.set(1,0,0),t.set(0,1,0),i.set(0,0,1),this):(e.setFromMatrixColumn(this,0),t.setFromMatrixColumn(this,1),i.setFromMatrixColumn(this,2),this)}makeBasis(e,t,i){return this.set(e.x,t.x,i.x,0,e.y,t.y,i.y,0,e.z,t.z,i.z,0,0,0,0,1),this}extractRotation(e){if(e.determinantAffine()===0)return this.identity();let t=this.elements,i=e.elements,s=1/ki.setFromMatrixColumn(e,0).length(),r=1/ki.setFromMatrixColumn(e,1).length(),o=1/ki.setFromMatrixColumn(e,2).length();return t[0]=i[0]*s,t[1]=i[1]*s,t[2]=i[2]*s,t[3]=0,t[4]=i[4]*r,t[5]=i[5]*r,t[6]=i[6]*r,t[7]=0,t[8]=i[8]*o,t[9]=i[9]*o,t[10]=i[10]*o,t[11]=0,t[12]=0,t[13]=0,t[14]=0,t[15]=1,this}makeRotationFromEuler(e){let t=this.elements,i=e.x,s=e.y,r=e.z,o=Math.cos(i),a=Math.sin(i),c=Math.cos(s),l=Math.sin(s),h=Math.cos(r),u=Math.sin(r);if(e.order==="XYZ"){let d=o*h,p=o*u,g=a*h,v=a*u;t[0]=c*h,t[4]=-c*u,t[8]=l,t[1]=p+g*l,t[5]=d-v*l,t[9]=-a*c,t[2]=v-d*l,t[6]=g+p*l,t[10]=o*c}else if(e.order==="YXZ"){let d=c*h,p=c*u,g=l*h,v=l*u;t[0]=d+v*a,t[4]=g*a-p,t[8]=o*l,t[1]=o*u,t[5]=o*h,t[9]=-a,t[2]=p*a-g,t[6]=v+d*a,t[10]=o*c}else if(e.order==="ZXY"){let d=c*h,p=c*u,g=l*h,v=l*u;t[0]=d-v*a,t[4]=-o*u,t[8]=g+p*a,t[1]=p+g*a,t[5]=o*h,t[9]=v-d*a,t[2]=-o*l,t[6]=a,t[10]=o*c}else if(e.order==="ZYX"){let d=o*h,p=o*u,g=a*h,v=a*u;t[0]=c*h,t[4]=g*l-p,t[8]=d*l+v,t[1]=c*u,t[5]=v*l+d,t[9]=p*l-g,t[2]=-l,t[6]=a*c,t[10]=o*c}else if(e.order==="YZX"){let d=o*c,p=o*l,g=a*c,v=a*l;t[0]=c*h,t[4]=v-d*u,t[8]=g*u+p,t[1]=u,t[5]=o*h,t[9]=-a*h,t[2]=-l*h,t[6]=p*u+g,t[10]=d-v*u}else if(e.order==="XZY"){let d=o*c,p=o*l,g=a*c,v=a*l;t[0]=c*h,t[4]=-u,t[8]=l*h,t[1]=d*u+v,t[5]=o*h,t[9]=p*u-g,t[2]=g*u-p,t[6]=a*h,t[10]=v*u+d}return t[3]=0,t[7]=0,t[11]=0,t[12]=0,t[13]=0,t[14]=0,t[15]=1,this}makeRotationFromQuaternion(e){return this.compose(M0,e,E0)}lookAt(e,t,i){let s=this.elements;return Vt.subVectors(e,t),Vt.lengthSq()===0&&(Vt.z=1),Vt.normalize(),Jn.crossVectors(i,Vt),Jn.lengthSq()===0&&(Math.abs(i.z)===1?Vt.x+=1e-4:Vt.z+=1e-4,Vt.normalize(),Jn.crossVectors(i,Vt)),Jn.normalize(),co.crossVectors(Vt,Jn),s[0]=Jn.x,s[4]=co.x,s[8]=Vt.x,s[1]=Jn.y,s[5]=co.y,s[9]=Vt.y,s[2]=Jn.z,s[6]=co.z,s[10]=Vt.z,this}multiply(e){return this.multiplyMatrices(this,e)}premultiply(e){return this.multiplyMatrices(e,this)}multiplyMatrices(e,t){let i=e.elements,s=t.elements,r=this.elements,o=i[0],a=i[4],c=i[8],l=i[12],h=i[1],u=i[5],d=i[9],p=i[13],g=i[2],v=i[6],f=i[10],m=i[14],S=i[3],w=i[7],E=i[11],T=i[15],A=s[0],_=s[4],M=s[8],B=s[12],N=s[1],L=s[5],z=s[9],Y=s[13],C=s[2],W=s[6],Z=s[10],V=s[14],ne=s[3],H=s[7],Q=s[11],j=s[15];return r[0]=o*A+a*N+c*C+l*ne,r[4]=o*_+a*L+c*W+l*H,r[8]=o*M+a*z+c*Z+l*Q,r[12]=o*B+a*Y+c*V+l*j,r[1]=h*A+u*N+d*C+p*ne,r[5]=h*_+u*L+d*W+p*H,r[9]=h*M+u*z+d*Z+p*Q,r[13]=h*B+u*Y+d*V+p*j,r[2]=g*A+v*N+f*C+m*ne,r[6]=g*_+v*L+f*W+m*H,r[10]=g*M+v*z+f*Z+m*Q,r[14]=g*B+v*Y+f*V+m*j,r[3]=S*A+w*N+E*C+T*ne,r[7]=S*_+w*L+E*W+T*H,r[11]=S*M+w*z+E*Z+T*Q,r[15]=S*B+w*Y+E*V+T*j,this}multiplyScalar(e){let t=this.elements;return t[0]*=e,t[4]*=e,t[8]*=e,t[12]*=e,t[1]*=e,t[5]*=e,t[9]*=e,t[13]*=e,t[2]*=e,t[6]*=e,t[10]*=e,t[14]*=e,t[3]*=e,t[7]*=e,t[11]*=e,t[15]*=e,this}determinant(){let e=this.elements,t=e[0],i=e[4],s=e[8],r=e[12],o=e[1],a=e[5],c=e[9],l=e[13],h=e[2],u=e[6],d=e[10],p=e[14],g=e[3],v=e[7],f=e[11],m=e[15],S=c*p-l*d,w=a*p-l*u,E=a*d-c*u,T=o*p-l*h,A=o*d-c*h,_=o*u-a*h;return t*(v*S-f*w+m*E)-i*(g*S-f*T+m*A)+s*(g*w-v*T+m*_)-r*(g*E-v*A+f*_)}determinantAffine(){let e=this.elements,t=e[0],i=e[4],s=e[8],r=e[1],o=e[5],a=e[9],c=e[2],l=e[6],h=e[10];return t*(o*h-a*l)-i*(r*h-a*c)+s*(r*l-o*c)}transpose(){let e=this.elements,t;return t=e[1],e[1]=e[4],e[4]=t,t=e[2],e[2]=e[8],e[8]=t,t=e[6],e[6]=e[9],e[9]=t,t=e[3],e[3]=e[12],e[12]=t,t=e[7],e[7]=e[13],e[13]=t,t=e[11],e[11]=e[14],e[14]=t,this}setPosition(e,t,i){let s=this.elements;return e.isVector3?(s[12]=e.x,s[13]=e.y,s[14]=e.z):(s[12]=e,s[13]=t,s[14]=i),this}invert(){let e=this.elements,t=e[0],i=e[1],s=e[2],r=e[3],o=e[4],a=e[5],c=e[6],l=e[7],h=e[8],u=e[9],d=e[10],p=e[11],g=e[12],v=e[13],f=e[14],m=e[15],S=t*a-i*o,w=t*c-s*o,E=t*l-r*o,T=i*c-s*a,A=i*l-r*a,_=s*l-r*c,M=h*v-u*g,B=h*f-d*g,N=h*m-p*g,L=u*f-d*v,z=u*m-p*v,Y=d*m-p*f,C=S*Y-w*z+E*L+T*N-A*B+_*M;if(C===0)return this.set(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0);let W=1/C;return e[0]=(a*Y-c*z+l*L)*W,e[1]=(s*z-i*Y-r*L)*W,e[2]=(v*_-f*A+m*T)*W,e[3]=(d*A-u*_-p*T)*W,e[4]=(c*N-o*Y-l*B)*W,e[5]=(t*Y-s*N+r*B)*W,e[6]=(f*E-g*_-m*w)*W,e[7]=(h*_-d*E+p*w)*W,e[8]=(o*z-a*N+l*M)*W,e[9]=(i*N-t*z-r*M)*W,e[10]=(g*A-v*E+m*S)*W,e[11]=(u*E-h*A-p*S)*W,e[12]=(a*B-o*L-c*M)*W,e[13]=(t*L-i*B+s*M)*W,e[14]=(v*w-g*T-f*S)*W,e[15]=(h*T-u*w+d*S)*W,this}scale(e){let t=this.elements,i=e.x,s=e.y,r=e.z;return t[0]*=i,t[4]*=s,t[8]*=r,t[1]*=i,t[5]*=s,t[9]*=r,t[2]*=i,t[6]*=s,t[10]*=r,t[3]*=i,t[7]*=s,t[11]*=r,this}getMaxScaleOnAxis(){let e=this.elements,t=e[0]*e[0]+e[1]*e[1]+e[2]*e[2],i=e[4]*e[4]+e[5]*e[5]+e[6]*e[6],s=e[8]*e[8]+e[9]*e[9]+e[10]*e[10];return Math.sqrt(Math.max(t,i,s))}makeTranslation(e,t,i){return e.isVector3?this.set(1,0,0,e.x,0,1,0,e.y,0,0,1,e.z,0,0,0,1):this.set(1,0,0,e,0,1,0,t,0,0,1,i,0,0,0,1),this}makeRotationX(e){let t=Math.cos(e),i=Math.sin(e);return this.set(1,0,0,0,0,t,-i,0,0,i,t,0,0,0,0,1),this}makeRotationY(e){let t=Math.cos(e),i=Math.sin(e);return this.set(t,0,i,0,0,1,0,0,-i,0,t,0,0,0,0,1),this}makeRotationZ(e){let t=Math.cos(e),i=Math.sin(e);return this.set(t,-i,0,0,i,t,0,0,0,0,1,0,0,0,0,1),this}makeRotationAxis(e,t){let i=Math.cos(t),s=Math.sin(t),r=1-i,o=e.x,a=e.y,c=e.z,l=r*o,h=r*a;return this.set(l*o+i,l*a-s*c,l*c+s*a,0,l*a+s*c,h*a+i,h*c-s*o,0,l*c-s*a,h*c+s*o,r*c*c+i,0,0,0,0,1),this}makeScale(e,t,i){return this.set(e,0,0,0,0,t,0,0,0,0,i,0,0,0,0,1),this}makeShear(e,t,i,s,r,o){return this.set(1,i,r,0,e,1,o,0,t,s,1,0,0,0,0,1),this}compose(e,t,i){let s=this.elements,r=t._x,o=t._y,a=t._z,c=t._w,l=r+r,h=o+o,u=a+a,d=r*l,p=r*h,g=r*u,v=o*h,f=o*u,m=a*u,S=c*l,w=c*h,E=c*u,T=i.x,A=i.y,_=i.z;return s[0]=(1-(v+m))*T,s[1]=(p+E)*T,s[2]=(g-w)*T,s[3]=0,s[4]=(p-E)*A,s[5]=(1-(d+m))*A,s[6]=(f+S)*A,s[7]=0,s[8]=(g+w)*_,s[9]=(f-S)*_,s[10]=(1-(d+v))*_,s[11]=0,s[12]=e.x,s[13]=e.y,s[14]=e.z,s[15]=1,this}decompose(e,t,i){let s=this.elements;e.x=s[12],e.y=s[13],e.z=s[14];let r=this.determinantAffine();if(r===0)return i.set(1,1,1),t.identity(),this;let o=ki.set(s[0],s[1],s[2]).length(),a=ki.set(s[4],s[5],s[6]).length(),c=ki.set(s[8],s[9],s[10]).length();r<0&&(o=-o),an.copy(this);let l=1/o,h=1/a,u=1/c;return an.elements[0]*=l,an.elements[1]*=l,an.elements[2]*=l,an.elements[4]*=h,an.elements[5]*=h,an.elements[6]*=h,an.elements[8]*=u,an.elements[9]*=u,an.elements[10]*=u,t.setFromRotationMatrix(an),i.x=o,i.y=a,i.z=c,this}makePerspective(e,t,i,s,r,o,a=en,c=!1){let l=this.elements,h=2*r/(t-e),u=2*r/(i-s),d=(t+e)/(t-e),p=(i+s)/(i-s),g,v;if(c)g=r/(o-r),v=o*r/(o-r);else if(a===en)g=-(o+r)/(o-r),v=-2*o*r/(o-r);else if(a===Ks)g=-o/(o-r),v=-o*r/(o-r);else throw new Error("THREE.Matrix4.makePerspective(): Invalid coordinate system: "+a);return l[0]=h,l[4]=0,l[8]=d,l[12]=0,l[1]=0,l[5]=u,l[9]=p,l[13]=0,l[2]=0,l[6]=0,l[10]=g,l[14]=v,l[3]=0,l[7]=0,l[11]=-1,l[15]=0,this}makeOrthographic(e,t,i,s,r,o,a=en,c=!1){let l=this.elements,h=2/(t-e),u=2/(i-s),d=-(t+e)/(t-e),p=-(i+s)/(i-s),g,v;if(c)g=1/(o-r),v=o/(o-r);else if(a===en)g=-2/(o-r),v=-(o+r)/(o-r);else if(a===Ks)g=-1/(o-r),v=-r/(o-r);else throw new Error("THREE.Matrix4.makeOrthographic(): Invalid coordinate system: "+a);return l[0]=h,l[4]=0,l[8]=0,l[12]=d,l[1]=0,l[5]=u,l[9]=0,l[13]=p,l[2]=0,l[6]=0,l[10]=g,l[14]=v,l[3]=0,l[7]=0,l[11]=0,l[15]=1,this}equals(e){let t=this.elements,i=e.elements;for(let s=0;s<16;s++)if(t[s]!==i[s])return!1;return!0}fromArray(e,t=0){for(let i=0;i<16;i++)this.elements[i]=e[i+t];return this}toArray(e=[],t=0){let i=this.elements;return e[t]=i[0],e[t+1]=i[1],e[t+2]=i[2],e[t+3]=i[3],e[t+4]=i[4],e[t+5]=i[5],e[t+6]=i[6],e[t+7]=i[7],e[t+8]=i[8],e[t+9]=i[9],e[t+10]=i[10],e[t+11]=i[11],e[t+12]=i[12],e[t+13]=i[13],e[t+14]=i[14],e[t+15]=i[15],e}},ki=new F,an=new Je,M0=new F(0,0,0),E0=new F(1,1,1),Jn=new F,co=new F,Vt=new F,zd=new Je,Vd=new Sn,ni=class n{constructor(e=0,t=0,i=0,s=n.DEFAULT_ORDER){this.isEuler=!0,this._x=e,this._y=t,this._z=i,this._order=s}get x(){return this._x}set x(e){this._x=e,this._onChangeCallback()}get y(){return this._y}set y(e){this._y=e,this._onChangeCallback()}get z(){return this._z}set z(e){this._z=e,this._onChangeCallback()}get order(){return this._order}set order(e){this._order=e,this._onChangeCallback()}set(e,t,i,s=this._order){return this._x=e,this._y=t,this._z=i,this._order=s,this._onChangeCallback(),this}clone(){return new this.constructor(this._x,this._y,this._z,this._order)}copy(e){return this._x=e._x,this._y=e._y,this._z=e._z,this._order=e._order,this._onChangeCallback(),this}setFromRotationMatrix(e,t=this._order,i=!0){let s=e.elements,r=s[0],o=s[4],a=s[8],c=s[1],l=s[5],h=s[9],u=s[2],d=s[6],p=s[10];switch(t){case"XYZ":this._y=Math.asin(Xe(a,-1,1)),Math.abs(a)<.9999999?(this._x=Math.atan2(-h,p),this._z=Math.atan2(-o,r)):(this._x=Math.atan2(d,l),this._z=0);break;case"YXZ":this._x=Math.asin(-Xe(h,-1,1)),Math.abs(h)<.9999999?(this._y=Math.atan2(a,p),this._z=Math.atan2(c,l)):(this._y=Math.atan2(-u,r),this._z=0);break;case"ZXY":this._x=Math.asin(Xe(d,-1,1)),Math.abs(d)<.9999999?(this._y=Math.atan2(-u,p),this._z=Math.atan2(-o,l)):(this._y=0,this._z=Math.atan2(c,r));break;case"ZYX":this._y=Math.asin(-Xe(u,-1,1)),Math.abs(u)<.9999999?(this._x=Math.atan2(d,p),this._z=Math.atan2(c,r)):(this._x=0,this._z=Math.atan2(-o,l));break;case"YZX":this._z=Math.asin(Xe(c,-1,1)),Math.abs(c)<.9999999?(this._x=Math.atan2(-h,l),this._y=Math.atan2(-u,r)):(this._x=0,this._y=Math.atan2(a,p));break;case"XZY":this._z=Math.asin(-Xe(o,-1,1)),Math.abs(o)<.9999999?(this._x=Math.atan2(d,l),this._y=Math.atan2(a,r)):(this._x=Math.atan2(-h,p),this._y=0);break;default:Re("Euler: .setFromRotationMatrix() encountered an unknown order: "+t)}return this._order=t,i===!0&&this._onChangeCallback(),this}setFromQuaternion(e,t,i){return zd.makeRotationFromQuaternion(e),this.setFromRotationMatrix(zd,t,i)}setFromVector3(e,t=this._order){return this.set(e.x,e.y,e.z,t)}reorder(e){return Vd.setFromEuler(this),this.setFromQuaternion(Vd,e)}equals(e){return e._x===this._x&&e._y===this._y&&e._z===this._z&&e._order===this._order}fromArray(e){return this._x=e[0],this._y=e[1],this._z=e[2],e[3]!==void 0&&(this._order=e[3]),this._onChangeCallback(),this}toArray(e=[],t=0){return e[t]=this._x,e[t+1]=this._y,e[t+2]=this._z,e[t+3]=this._order,e}_onChange(e){return this._onChangeCallback=e,this}_onChangeCallback(){}*[Symbol.iterator](){yield this._x,yield this._y,yield this._z,yield this._order}};ni.DEFAULT_ORDER="XYZ";var Js=class{constructor(){this.mask=1}set(e){this.mask=(1<<e|0)>>>0}enable(e){this.mask|=1<<e|0}enableAll(){this.mask=-1}toggle(e){this.mask^=1<<e|0}disable(e){this.mask&=~(1<<e|0)}disableAll(){this.mask=0}test(e){return(this.mask&e.mask)!==0}isEnabled(e){return(this.mask&(1<<e|0))!==0}},A0=0,Gd=new F,zi=new Sn,Cn=new Je,ho=new F,Ds=new F,T0=new F,w0=new Sn,Hd=new F(1,0,0),Wd=new F(0,1,0),Xd=new F(0,0,1),Yd={type:"added"},R0={type:"removed"},Vi={type:"childadded",child:null},dc={type:"childremoved",child:null},kt=class n extends vn{constructor(){super(),this.isObject3D=!0,Object.defineProperty(this,"id",{value:A0++}),this.uuid=Ni(),this.name="",this.type="Object3D",this.parent=null,this.children=[],this.up=n.DEFAULT_UP.clone();let e=new F,t=new ni,i=new Sn,s=new F(1,1,1);function r(){i.setFromEuler(t,!1)}function o(){t.setFromQuaternion(i,void 0,!1)}t._onChange(r),i._onChange(o),Object.defineProperties(this,{position:{configurable:!0,enumerable:!0,value:e},rotation:{configurable:!0,enumerable:!0,value:t},quaternion:{configurable:!0,enumerable:!0,value:i},scale:{configurable:!0,enumerable:!0,value:s},modelViewMatrix:{value:new Je},normalMatrix:{value:new Ne}}),this.matrix=new Je,this.matrixWorld=new Je,this.matrixAutoUpdate=n.DEFAULT_MATRIX_AUTO_UPDATE,this.matrixWorldAutoUpdate=n.DEFAULT_MATRIX_WORLD_AUTO_UPDATE,this.matrixWorldNeedsUpdate=!1,this.layers=new Js,this.visible=!0,this.castShadow=!1,this.receiveShadow=!1,this.frustumCulled=!0,this.renderOrder=0,this.animations=[],this.customDepthMaterial=void 0,this.customDistanceMaterial=void 0,this.static=!1,this.userData={},this.pivot=null}onBeforeShadow(){}onAfterShadow(){}onBeforeRender(){}onAfterRender(){}applyMatrix4(e){this.matrixAutoUpdate&&this.updateMatrix(),this.matrix.premultiply(e),this.matrix.decompose(this.position,this.quaternion,this.scale),this.pivot!==null&&this.position.copy(this.pivot).applyMatrix4(this.matrix).sub(this.pivot)}applyQuaternion(e){return this.quaternion.premultiply(e),this}setRotationFromAxisAngle(e,t){this.quaternion.setFromAxisAngle(e,t)}setRotationFromEuler(e){this.quaternion.setFromEuler(e,!0)}setRotationFromMatrix(e){this.quaternion.setFromRotationMatrix(e)}setRotationFromQuaternion(e){this.quaternion.copy(e)}rotateOnAxis(e,t){return zi.setFromAxisAngle(e,t),this.quaternion.multiply(zi),this}rotateOnWorldAxis(e,t){return zi.setFromAxisAngle(e,t),this.quaternion.premultiply(zi),this}rotateX(e){return this.rotateOnAxis(Hd,e)}rotateY(e){return this.rotateOnAxis(Wd,e)}rotateZ(e){return this.rotateOnAxis(Xd,e)}translateOnAxis(e,t){return Gd.copy(e).applyQuaternion(this.quaternion),this.position.add(Gd.multiplyScalar(t)),this}translateX(e){return this.translateOnAxis(Hd,e)}translateY(e){return this.translateOnAxis(Wd,e)}translateZ(e){return this.translateOnAxis(Xd,e)}localToWorld(e){return this.updateWorldMatrix(!0,!1),e.applyMatrix4(this.matrixWorld)}worldToLocal(e){return this.updateWorldMatrix(!0,!1),e.applyMatrix4(Cn.copy(this.matrixWorld).invert())}lookAt(e,t,i){e.isVector3?ho.copy(e):ho.set(e,t,i);let s=this.parent;this.updateWorldMatrix(!0,!1),Ds.setFromMatrixPosition(this.matrixWorld),this.isCamera||this.isLight?Cn.lookAt(Ds,ho,this.up):Cn.lookAt(ho,Ds,this.up),this.quaternion.setFromRotationMatrix(Cn),s&&(Cn.extractRotation(s.matrixWorld),zi.setFromRotationMatrix(Cn),this.quaternion.premultiply(zi.invert()))}add(e){if(arguments.length>1){for(let t=0;t<arguments.length;t++)this.add(arguments[t]);return this}return e===this?(Ce("Object3D.add: object can't be added as a child of itself.",e),this):(e&&e.isObject3D?(e.removeFromParent(),e.parent=this,this.children.push(e),e.dispatchEvent(Yd),Vi.child=e,this.dispatchEvent(Vi),Vi.child=null):Ce("Object3D.add: object not an instance of THREE.Object3D.",e),this)}remove(e){if(arguments.length>1){for(let i=0;i<arguments.length;i++)this.remove(arguments[i]);return this}let t=this.children.indexOf(e);return t!==-1&&(e.parent=null,this.children.splice(t,1),e.dispatchEvent(R0),dc.child=e,this.dispatchEvent(dc),dc.child=null),this}removeFromParent(){let e=this.parent;return e!==null&&e.remove(this),this}clear(){return this.remove(...this.children)}attach(e){return this.updateWorldMatrix(!0,!1),Cn.copy(this.matrixWorld).invert(),e.parent!==null&&(e.parent.updateWorldMatrix(!0,!1),Cn.multiply(e.parent.matrixWorld)),e.applyMatrix4(Cn),e.removeFromParent(),e.parent=this,this.children.push(e),e.updateWorldMatrix(!1,!0),e.dispatchEvent(Yd),Vi.child=e,this.dispatchEvent(Vi),Vi.child=null,this}getObjectById(e){return this.getObjectByProperty("id",e)}getObjectByName(e){return this.getObjectByProperty("name",e)}getObjectByProperty(e,t){if(this[e]===t)return this;for(let i=0,s=this.children.length;i<s;i++){let o=this.children[i].getObjectByProperty(e,t);if(o!==void 0)return o}}getObjectsByProperty(e,t,i=[]){this[e]===t&&i.push(this);let s=this.children;for(let r=0,o=s.length;r<o;r++)s[r].getObjectsByProperty(e,t,i);return i}getWorldPosition(e){return this.updateWorldMatrix(!0,!1),e.setFromMatrixPosition(this.matrixWorld)}getWorldQuaternion(e){return this.updateWorldMatrix(!0,!1),this.matrixWorld.decompose(Ds,e,T0),e}getWorldScale(e){return this.updateWorldMatrix(!0,!1),this.matrixWorld.decompose(Ds,w0,e),e}getWorldDirection(e){this.updateWorldMatrix(!0,!1);let t=this.matrixWorld.elements;return e.set(t[8],t[9],t[10]).normalize()}raycast(){}intersectsFrustum(){return!0}traverse(e){e(this);let t=this.children;for(let i=0,s=t.length;i<s;i++)t[i].traverse(e)}traverseVisible(e){if(this.visible===!1)return;e(this);let t=this.children;for(let i=0,s=t.length;i<s;i++)t[i].traverseVisible(e)}traverseAncestors(e){let t=this.parent;t!==null&&(e(t),t.traverseAncestors(e))}updateMatrix(){this.matrix.compose(this.position,this.quaternion,this.scale);let e=this.pivot;if(e!==null){let t=e.x,i=e.y,s=e.z,r=this.matrix.elements;r[12]+=t-r[0]*t-r[4]*i-r[8]*s,r[13]+=i-r[1]*t-r[5]*i-r[9]*s,r[14]+=s-r[2]*t-r[6]*i-r[10]*s}this.matrixWorldNeedsUpdate=!0}updateMatrixWorld(e){this.matrixAutoUpdate&&this.updateMatrix(),(this.matrixWorldNeedsUpdate||e)&&(this.matrixWorldAutoUpdate===!0&&(this.parent===null?this.matrixWorld.copy(this.matrix):this.matrixWorld.multiplyMatrices(this.parent.matrixWorld,this.matrix)),this.matrixWorldNeedsUpdate=!1,e=!0);let t=this.children;for(let i=0,s=t.length;i<s;i++)t[i].updateMatrixWorld(e)}updateWorldMatrix(e,t,i=!1){let s=this.parent;if(e===!0&&s!==null&&s.updateWorldMatrix(!0,!1),this.matrixAutoUpdate&&this.updateMatrix(),(this.matrixWorldNeedsUpdate||i)&&(this.matrixWorldAutoUpdate===!0&&(this.parent===null?this.matrixWorld.copy(this.matrix):this.matrixWorld.multiplyMatrices(this.parent.matrixWorld,this.matrix)),this.matrixWorldNeedsUpdate=!1,i=!0),t===!0){let r=this.children;for(let o=0,a=r.length;o<a;o++)r[o].updateWorldMatrix(!1,!0,i)}}toJSON(e){let t=e===void 0||typeof e=="string",i={};t&&(e={geometries:{},materials:{},textures:{},images:{},shapes:{},skeletons:{},animations:{},nodes:{}},i.metadata={version:4.7,type:"Object",generator:"Object3D.toJSON"});let s={};s.uuid=this.uuid,s.type=this.type,s.name=this.name,s.castShadow=this.castShadow,s.receiveShadow=this.receiveShadow,s.visible=this.visible,s.frustumCulled=this.frustumCulled,s.renderOrder=this.renderOrder,s.static=this.static,s.matrixAutoUpdate=this.matrixAutoUpdate,Object.keys(this.userData).length>0&&(s.userData=this.userData),s.layers=this.layers.mask,s.matrix=this.matrix.toArray(),s.up=this.up.toArray(),this.pivot!==null&&(s.pivot=this.pivot.toArray()),this.morphTargetDictionary!==void 0&&(s.morphTargetDictionary=Object.assign({},this.morphTargetDictionary)),this.morphTargetInfluences!==void 0&&(s.morphTargetInfluences=this.morphTargetInfluences.slice()),this.isInstancedMesh&&(s.type="InstancedMesh",s.count=this.count,s.instanceMatrix=this.instanceMatrix.toJSON(),this.instanceColor!==null&&(s.instanceColor=this.instanceColor.toJSON())),this.isBatchedMesh&&(s.type="BatchedMesh",s.perObjectFrustumCulled=this.perObjectFrustumCulled,s.sortObjects=this.sortObjects,s.drawRanges=this._drawRanges,s.reservedRanges=this._reservedRanges,s.geometryInfo=this._geometryInfo.map(a=>({...a,boundingBox:a.boundingBox?a.boundingBox.toJSON():void 0,boundingSphere:a.boundingSphere?a.boundingSphere.toJSON():void 0})),s.instanceInfo=this._instanceInfo.map(a=>({...a})),s.availableInstanceIds=this._availableInstanceIds.slice(),s.availableGeometryIds=this._availableGeometryIds.slice(),s.nextIndexStart=this._nextIndexStart,s.nextVertexStart=this._nextVertexStart,s.geometryCount=this._geometryCount,s.maxInstanceCount=this._maxInstanceCount,s.maxVertexCount=this._maxVertexCount,s.maxIndexCount=this._maxIndexCount,s.geometryInitialized=this._geometryInitialized,s.matricesTexture=this._matricesTexture.toJSON(e),s.indirectTexture=this._indirectTexture.toJSON(e),this._colorsTexture!==null&&(s.colorsTexture=this._colorsTexture.toJSON(e)),this.boundingSphere!==null&&(s.boundingSphere=this.boundingSphere.toJSON()),this.boundingBox!==null&&(s.boundingBox=this.boundingBox.toJSON()));function r(a,c){return a[c.uuid]===void 0&&(a[c.uuid]=c.toJSON(e)),c.uuid}if(this.isScene)this.background&&(this.background.isColor?s.background=this.background.toJSON():this.background.isTexture&&(s.background=this.background.toJSON(e).uuid)),this.environment&&this.environment.isTexture&&this.environment.isRenderTargetTexture!==!0&&(s.environment=this.environment.toJSON(e).uuid);else if(this.isMesh||this.isLine||this.isPoints){s.geometry=r(e.geometries,this.geometry);let a=this.geometry.parameters;if(a!==void 0&&a.shapes!==void 0){let c=a.shapes;if(Array.isArray(c))for(let l=0,h=c.length;l<h;l++){let u=c[l];r(e.shapes,u)}else r(e.shapes,c)}}if(this.isSkinnedMesh&&(s.bindMode=this.bindMode,s.bindMatrix=this.bindMatrix.toArray(),this.skeleton!==void 0&&(r(e.skeletons,this.skeleton),s.skeleton=this.skeleton.uuid)),this.material!==void 0)if(Array.isArray(this.material)){let a=[];for(let c=0,l=this.material.length;c<l;c++)a.push(r(e.materials,this.material[c]));s.material=a}else s.material=r(e.materials,this.material);if(this.children.length>0){s.children=[];for(let a=0;a<this.children.length;a++)s.children.push(this.children[a].toJSON(e).object)}if(this.animations.length>0){s.animations=[];for(let a=0;a<this.animations.length;a++){let c=this.animations[a];s.animations.push(r(e.animations,c))}}if(t){let a=o(e.geometries),c=o(e.materials),l=o(e.textures),h=o(e.images),u=o(e.shapes),d=o(e.skeletons),p=o(e.animations),g=o(e.nodes);a.length>0&&(i.geometries=a),c.length>0&&(i.materials=c),l.length>0&&(i.textures=l),h.length>0&&(i.images=h),u.length>0&&(i.shapes=u),d.length>0&&(i.skeletons=d),p.length>0&&(i.animations=p),g.length>0&&(i.nodes=g)}return i.object=s,i;function o(a){let c=[];for(let l in a){let h=a[l];delete h.metadata,c.push(h)}return c}}clone(e){return new this.constructor().copy(this,e)}copy(e,t=!0){if(this.name=e.name,this.up.copy(e.up),this.position.copy(e.position),this.rotation.order=e.rotation.order,this.quaternion.copy(e.quaternion),this.scale.copy(e.scale),this.pivot=e.pivot!==null?e.pivot.clone():null,this.matrix.copy(e.matrix),this.matrixWorld.copy(e.matrixWorld),this.matrixAutoUpdate=e.matrixAutoUpdate,this.matrixWorldAutoUpdate=e.matrixWorldAutoUpdate,this.matrixWorldNeedsUpdate=e.matrixWorldNeedsUpdate,this.layers.mask=e.layers.mask,this.visible=e.visible,this.castShadow=e.castShadow,this.receiveShadow=e.receiveShadow,this.frustumCulled=e.frustumCulled,this.renderOrder=e.renderOrder,this.static=e.static,this.animations=e.animations.slice(),this.userData=JSON.parse(JSON.stringify(e.userData)),t===!0)for(let i=0;i<e.children.length;i++){let s=e.children[i];this.add(s.clone())}return this}dispose(){this.dispatchEvent({type:"dispose"})}};kt.DEFAULT_UP=new F(0,1,0);kt.DEFAULT_MATRIX_AUTO_UPDATE=!0;kt.DEFAULT_MATRIX_WORLD_AUTO_UPDATE=!0;var Ai=class extends kt{constructor(){super(),this.isGroup=!0,this.type="Group"}},I0={type:"move"},os=class{constructor(){this._targetRay=null,this._grip=null,this._hand=null}getHandSpace(){return this._hand===null&&(this._hand=new Ai,this._hand.matrixAutoUpdate=!1,this._hand.visible=!1,this._hand.joints={},this._hand.inputState={pinching:!1}),this._hand}getTargetRaySpace(){return this._targetRay===null&&(this._targetRay=new Ai,this._targetRay.matrixAutoUpdate=!1,this._targetRay.visible=!1,this._targetRay.hasLinearVelocity=!1,this._targetRay.linearVelocity=new F,this._targetRay.hasAngularVelocity=!1,this._targetRay.angularVelocity=new F),this._targetRay}getGripSpace(){return this._grip===null&&(this._grip=new Ai,this._grip.matrixAutoUpdate=!1,this._grip.visible=!1,this._grip.hasLinearVelocity=!1,this._grip.linearVelocity=new F,this._grip.hasAngularVelocity=!1,this._grip.angularVelocity=new F,this._grip.eventsEnabled=!1),this._grip}dispatchEvent(e){return this._targetRay!==null&&this._targetRay.dispatchEvent(e),this._grip!==null&&this._grip.dispatchEvent(e),this._hand!==null&&this._hand.dispatchEvent(e),this}connect(e){if(e&&e.hand){let t=this._hand;if(t)for(let i of e.hand.values())this._getHandJoint(t,i)}return this.dispatchEvent({type:"connected",data:e}),this}disconnect(e){return this.dispatchEvent({type:"disconnected",data:e}),this._targetRay!==null&&(this._targetRay.visible=!1),this._grip!==null&&(this._grip.visible=!1),this._hand!==null&&(this._hand.visible=!1),this}update(e,t,i){let s=null,r=null,o=null,a=this._targetRay,c=this._grip,l=this._hand;if(e&&t.session.visibilityState!=="visible-blurred"){if(l&&e.hand){o=!0;for(let v of e.hand.values()){let f=t.getJointPose(v,i),m=this._getHandJoint(l,v);f!==null&&(m.matrix.fromArray(f.transform.matrix),m.matrix.decompose(m.position,m.quaternion,m.scale),m.matrixWorldNeedsUpdate=!0,m.jointRadius=f.radius),m.visible=f!==null}let h=l.joints["index-finger-tip"],u=l.joints["thumb-tip"],d=h.position.distanceTo(u.position),p=.02,g=.005;l.inputState.pinching&&d>p+g?(l.inputState.pinching=!1,this.dispatchEvent({type:"pinchend",handedness:e.handedness,target:this})):!l.inputState.pinching&&d<=p-g&&(l.inputState.pinching=!0,this.dispatchEvent({type:"pinchstart",handedness:e.handedness,target:this}))}else c!==null&&e.gripSpace&&(r=t.getPose(e.gripSpace,i),r!==null&&(c.matrix.fromArray(r.transform.matrix),c.matrix.decompose(c.position,c.quaternion,c.scale),c.matrixWorldNeedsUpdate=!0,r.linearVelocity?(c.hasLinearVelocity=!0,c.linearVelocity.copy(r.linearVelocity)):c.hasLinearVelocity=!1,r.angularVelocity?(c.hasAngularVelocity=!0,c.angularVelocity.copy(r.angularVelocity)):c.hasAngularVelocity=!1,c.eventsEnabled&&c.dispatchEvent({type:"gripUpdated",data:e,target:this})));a!==null&&(s=t.getPose(e.targetRaySpace,i),s===null&&r!==null&&(s=r),s!==null&&(a.matrix.fromArray(s.transform.matrix),a.matrix.decompose(a.position,a.quaternion,a.scale),a.matrixWorldNeedsUpdate=!0,s.linearVelocity?(a.hasLinearVelocity=!0,a.linearVelocity.copy(s.linearVelocity)):a.hasLinearVelocity=!1,s.angularVelocity?(a.hasAngularVelocity=!0,a.angularVelocity.copy(s.angularVelocity)):a.hasAngularVelocity=!1,this.dispatchEvent(I0)))}return a!==null&&(a.visible=s!==null),c!==null&&(c.visible=r!==null),l!==null&&(l.visible=o!==null),this}_getHandJoint(e,t){if(e.joints[t.jointName]===void 0){let i=new Ai;i.matrixAutoUpdate=!1,i.visible=!1,e.joints[t.jointName]=i,e.add(i)}return e.joints[t.jointName]}},Qf={aliceblue:15792383,antiquewhite:16444375,aqua:65535,aquamarine:8388564,azure:15794175,beige:16119260,bisque:16770244,black:0,blanchedalmond:16772045,blue:255,blueviolet:9055202,brown:10824234,burlywood:14596231,cadetblue:6266528,chartreuse:8388352,chocolate:13789470,coral:16744272,cornflowerblue:6591981,cornsilk:16775388,crimson:14423100,cyan:65535,darkblue:139,darkcyan:35723,darkgoldenrod:12092939,darkgray:11119017,darkgreen:25600,darkgrey:11119017,darkkhaki:12433259,darkmagenta:9109643,darkolivegreen:5597999,darkorange:16747520,darkorchid:10040012,darkred:9109504,darksalmon:15308410,darkseagreen:9419919,darkslateblue:4734347,darkslategray:3100495,darkslategrey:3100495,darkturquoise:52945,darkviolet:9699539,deeppink:16716947,deepskyblue:49151,dimgray:6908265,dimgrey:6908265,dodgerblue:2003199,firebrick:11674146,floralwhite:16775920,forestgreen:2263842,fuchsia:16711935,gainsboro:14474460,ghostwhite:16316671,gold:16766720,goldenrod:14329120,gray:8421504,green:32768,greenyellow:11403055,grey:8421504,honeydew:15794160,hotpink:16738740,indianred:13458524,indigo:4915330,ivory:16777200,khaki:15787660,lavender:15132410,lavenderblush:16773365,lawngreen:8190976,lemonchiffon:16775885,lightblue:11393254,lightcoral:15761536,lightcyan:14745599,lightgoldenrodyellow:16448210,lightgray:13882323,lightgreen:9498256,lightgrey:13882323,lightpink:16758465,lightsalmon:16752762,lightseagreen:2142890,lightskyblue:8900346,lightslategray:7833753,lightslategrey:7833753,lightsteelblue:11584734,lightyellow:16777184,lime:65280,limegreen:3329330,linen:16445670,magenta:16711935,maroon:8388608,mediumaquamarine:6737322,mediumblue:205,mediumorchid:12211667,mediumpurple:9662683,mediumseagreen:3978097,mediumslateblue:8087790,mediumspringgreen:64154,mediumturquoise:4772300,mediumvioletred:13047173,midnightblue:1644912,mintcream:16121850,mistyrose:16770273,moccasin:16770229,navajowhite:16768685,navy:128,oldlace:16643558,olive:8421376,olivedrab:7048739,orange:16753920,orangered:16729344,orchid:14315734,palegoldenrod:15657130,palegreen:10025880,paleturquoise:11529966,palevioletred:14381203,papayawhip:16773077,peachpuff:16767673,peru:13468991,pink:16761035,plum:14524637,powderblue:11591910,purple:8388736,rebeccapurple:6697881,red:16711680,rosybrown:12357519,royalblue:4286945,saddlebrown:9127187,salmon:16416882,sandybrown:16032864,seagreen:3050327,seashell:16774638,sienna:10506797,silver:12632256,skyblue:8900331,slateblue:6970061,slategray:7372944,slategrey:7372944,snow:16775930,springgreen:65407,steelblue:4620980,tan:13808780,teal:32896,thistle:14204888,tomato:16737095,turquoise:4251856,violet:15631086,wheat:16113331,white:16777215,whitesmoke:16119285,yellow:16776960,yellowgreen:10145074},Qn={h:0,s:0,l:0},uo={h:0,s:0,l:0};function fc(n,e,t){return t<0&&(t+=1),t>1&&(t-=1),t<1/6?n+(e-n)*6*t:t<1/2?e:t<2/3?n+(e-n)*6*(2/3-t):n}var Ve=class{constructor(e,t,i){return this.isColor=!0,this.r=1,this.g=1,this.b=1,this.set(e,t,i)}set(e,t,i){if(t===void 0&&i===void 0){let s=e;s&&s.isColor?this.copy(s):typeof s=="number"?this.setHex(s):typeof s=="string"&&this.setStyle(s)}else this.setRGB(e,t,i);return this}setScalar(e){return this.r=e,this.g=e,this.b=e,this}setHex(e,t=Ht){return e=Math.floor(e),this.r=(e>>16&255)/255,this.g=(e>>8&255)/255,this.b=(e&255)/255,ze.colorSpaceToWorking(this,t),this}setRGB(e,t,i,s=ze.workingColorSpace){return this.r=e,this.g=t,this.b=i,ze.colorSpaceToWorking(this,s),this}setHSL(e,t,i,s=ze.workingColorSpace){if(e=y0(e,1),t=Xe(t,0,1),i=Xe(i,0,1),t===0)this.r=this.g=this.b=i;else{let r=i<=.5?i*(1+t):i+t-i*t,o=2*i-r;this.r=fc(o,r,e+1/3),this.g=fc(o,r,e),this.b=fc(o,r,e-1/3)}return ze.colorSpaceToWorking(this,s),this}setStyle(e,t=Ht){function i(r){r!==void 0&&parseFloat(r)<1&&Re("Color: Alpha component of "+e+" will be ignored.")}let s;if(s=/^(\w+)\(([^\)]*)\)/.exec(e)){let r,o=s[1],a=s[2];switch(o){case"rgb":case"rgba":if(r=/^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+(?:\.\d+)?|\.\d+)\s*)?$/.exec(a))return i(r[4]),this.setRGB(Math.min(255,parseInt(r[1],10))/255,Math.min(255,parseInt(r[2],10))/255,Math.min(255,parseInt(r[3],10))/255,t);if(r=/^\s*(\d+(?:\.\d+)?|\.\d+)\%\s*,\s*(\d+(?:\.\d+)?|\.\d+)\%\s*,\s*(\d+(?:\.\d+)?|\.\d+)\%\s*(?:,\s*(\d+(?:\.\d+)?|\.\d+)\s*)?$/.exec(a))return i(r[4]),this.setRGB(Math.min(100,parseFloat(r[1]))/100,Math.min(100,parseFloat(r[2]))/100,Math.min(100,parseFloat(r[3]))/100,t);break;case"hsl":case"hsla":if(r=/^\s*([+-]?(?:\d+(?:\.\d+)?|\.\d+))\s*,\s*(\d+(?:\.\d+)?|\.\d+)\%\s*,\s*(\d+(?:\.\d+)?|\.\d+)\%\s*(?:,\s*(\d+(?:\.\d+)?|\.\d+)\s*)?$/.exec(a))return i(r[4]),this.setHSL(parseFloat(r[1])/360,parseFloat(r[2])/100,parseFloat(r[3])/100,t);break;default:Re("Color: Unknown color model "+e)}}else if(s=/^\#([A-Fa-f\d]+)$/.exec(e)){let r=s[1],o=r.length;if(o===3)return this.setRGB(parseInt(r.charAt(0),16)/15,parseInt(r.charAt(1),16)/15,parseInt(r.charAt(2),16)/15,t);if(o===6)return this.setHex(parseInt(r,16),t);Re("Color: Invalid hex color "+e)}else if(e&&e.length>0)return this.setColorName(e,t);return this}setColorName(e,t=Ht){let i=Qf[e.toLowerCase()];return i!==void 0?this.setHex(i,t):Re("Color: Unknown color "+e),this}clone(){return new this.constructor(this.r,this.g,this.b)}copy(e){return this.r=e.r,this.g=e.g,this.b=e.b,this}copySRGBToLinear(e){return this.r=Un(e.r),this.g=Un(e.g),this.b=Un(e.b),this}copyLinearToSRGB(e){return this.r=ns(e.r),this.g=ns(e.g),this.b=ns(e.b),this}convertSRGBToLinear(){return this.copySRGBToLinear(this),this}convertLinearToSRGB(){return this.copyLinearToSRGB(this),this}getHex(e=Ht){return ze.workingToColorSpace(Rt.copy(this),e),Math.round(Xe(Rt.r*255,0,255))*65536+Math.round(Xe(Rt.g*255,0,255))*256+Math.round(Xe(Rt.b*255,0,255))}getHexString(e=Ht){return("000000"+this.getHex(e).toString(16)).slice(-6)}getHSL(e,t=ze.workingColorSpace){ze.workingToColorSpace(Rt.copy(this),t);let i=Rt.r,s=Rt.g,r=Rt.b,o=Math.max(i,s,r),a=Math.min(i,s,r),c,l,h=(a+o)/2;if(a===o)c=0,l=0;else{let u=o-a;switch(l=h<=.5?u/(o+a):u/(2-o-a),o){case i:c=(s-r)/u+(s<r?6:0);break;case s:c=(r-i)/u+2;break;case r:c=(i-s)/u+4;break}c/=6}return e.h=c,e.s=l,e.l=h,e}getRGB(e,t=ze.workingColorSpace){return ze.workingToColorSpace(Rt.copy(this),t),e.r=Rt.r,e.g=Rt.g,e.b=Rt.b,e}getStyle(e=Ht){ze.workingToColorSpace(Rt.copy(this),e);let t=Rt.r,i=Rt.g,s=Rt.b;return e!==Ht?`color(${e} ${t.toFixed(3)} ${i.toFixed(3)} ${s.toFixed(3)})`:`rgb(${Math.round(t*255)},${Math.round(i*255)},${Math.round(s*255)})`}offsetHSL(e,t,i){return this.getHSL(Qn),this.setHSL(Qn.h+e,Qn.s+t,Qn.l+i)}add(e){return this.r+=e.r,this.g+=e.g,this.b+=e.b,this}addColors(e,t){return this.r=e.r+t.r,this.g=e.g+t.g,this.b=e.b+t.b,this}addScalar(e){return this.r+=e,this.g+=e,this.b+=e,this}sub(e){return this.r=Math.max(0,this.r-e.r),this.g=Math.max(0,this.g-e.g),this.b=Math.max(0,this.b-e.b),this}multiply(e){return this.r*=e.r,this.g*=e.g,this.b*=e.b,this}multiplyScalar(e){return this.r*=e,this.g*=e,this.b*=e,this}lerp(e,t){return this.r+=(e.r-this.r)*t,this.g+=(e.g-this.g)*t,this.b+=(e.b-this.b)*t,this}lerpColors(e,t,i){return this.r=e.r+(t.r-e.r)*i,this.g=e.g+(t.g-e.g)*i,this.b=e.b+(t.b-e.b)*i,this}lerpHSL(e,t){this.getHSL(Qn),e.getHSL(uo);let i=ac(Qn.h,uo.h,t),s=ac(Qn.s,uo.s,t),r=ac(Qn.l,uo.l,t);return this.setHSL(i,s,r),this}setFromVector3(e){return this.r=e.x,this.g=e.y,this.b=e.z,this}applyMatrix3(e){let t=this.r,i=this.g,s=this.b,r=e.elements;return this.r=r[0]*t+r[3]*i+r[6]*s,this.g=r[1]*t+r[4]*i+r[7]*s,this.b=r[2]*t+r[5]*i+r[8]*s,this}equals(e){return e.r===this.r&&e.g===this.g&&e.b===this.b}fromArray(e,t=0){return this.r=e[t],this.g=e[t+1],this.b=e[t+2],this}toArray(e=[],t=0){return e[t]=this.r,e[t+1]=this.g,e[t+2]=this.b,e}fromBufferAttribute(e,t){return this.r=e.getX(t),this.g=e.getY(t),this.b=e.getZ(t),this}toJSON(){return this.getHex()}*[Symbol.iterator](){yield this.r,yield this.g,yield this.b}},Rt=new Ve;Ve.NAMES=Qf;var Qs=class n{constructor(e,t=1,i=1e3){this.isFog=!0,this.name="",this.color=new Ve(e),this.near=t,this.far=i}clone(){return new n(this.color,this.near,this.far)}toJSON(){return{type:"Fog",name:this.name,color:this.color.getHex(),near:this.near,far:this.far}}},js=class extends kt{constructor(){super(),this.isScene=!0,this.type="Scene",this.background=null,this.environment=null,this.fog=null,this.backgroundBlurriness=0,this.backgroundIntensity=1,this.backgroundRotation=new ni,this.environmentIntensity=1,this.environmentRotation=new ni,this.overrideMaterial=null,typeof __THREE_DEVTOOLS__<"u"&&__THREE_DEVTOOLS__.dispatchEvent(new CustomEvent("observe",{detail:this}))}copy(e,t){return super.copy(e,t),this.background=e.background!==null?e.background.clone():null,this.environment=e.environment!==null?e.environment.clone():null,this.fog=e.fog!==null?e.fog.clone():null,this.backgroundBlurriness=e.backgroundBlurriness,this.backgroundIntensity=e.backgroundIntensity,this.backgroundRotation.copy(e.backgroundRotation),this.environmentIntensity=e.environmentIntensity,this.environmentRotation.copy(e.environmentRotation),this.overrideMaterial=e.overrideMaterial!==null?e.overrideMaterial.clone():null,this.matrixAutoUpdate=e.matrixAutoUpdate,this}toJSON(e){let t=super.toJSON(e);return this.fog!==null&&(t.object.fog=this.fog.toJSON()),t.object.backgroundBlurriness=this.backgroundBlurriness,t.object.backgroundIntensity=this.backgroundIntensity,t.object.backgroundRotation=this.backgroundRotation.toArray(),t.object.environmentIntensity=this.environmentIntensity,t.object.environmentRotation=this.environmentRotation.toArray(),t}},ln=new F,Nn=new F,pc=new F,Pn=new F,Gi=new F,Hi=new F,Kd=new F,mc=new F,gc=new F,_c=new F,xc=new at,yc=new at,vc=new at,xn=class n{constructor(e=new F,t=new F,i=new F){this.a=e,this.b=t,this.c=i}static getNormal(e,t,i,s){s.subVectors(i,t),ln.subVectors(e,t),s.cross(ln);let r=s.lengthSq();return r>0?s.multiplyScalar(1/Math.sqrt(r)):s.set(0,0,0)}static getBarycoord(e,t,i,s,r){ln.subVectors(s,t),Nn.subVectors(i,t),pc.subVectors(e,t);let o=ln.dot(ln),a=ln.dot(Nn),c=ln.dot(pc),l=Nn.dot(Nn),h=Nn.dot(pc),u=o*l-a*a;if(u===0)return r.set(0,0,0),null;let d=1/u,p=(l*c-a*h)*d,g=(o*h-a*c)*d;return r.set(1-p-g,g,p)}static containsPoint(e,t,i,s){return this.getBarycoord(e,t,i,s,Pn)===null?!1:Pn.x>=0&&Pn.y>=0&&Pn.x+Pn.y<=1}static getInterpolation(e,t,i,s,r,o,a,c){return this.getBarycoord(e,t,i,s,Pn)===null?(c.x=0,c.y=0,"z"in c&&(c.z=0),"w"in c&&(c.w=0),null):(c.setScalar(0),c.addScaledVector(r,Pn.x),c.addScaledVector(o,Pn.y),c.addScaledVector(a,Pn.z),c)}static getInterpolatedAttribute(e,t,i,s,r,o){return xc.setScalar(0),yc.setScalar(0),vc.setScalar(0),xc.fromBufferAttribute(e,t),yc.fromBufferAttribute(e,i),vc.fromBufferAttribute(e,s),o.setScalar(0),o.addScaledVector(xc,r.x),o.addScaledVector(yc,r.y),o.addScaledVector(vc,r.z),o}static isFrontFacing(e,t,i,s){return ln.subVectors(i,t),Nn.subVectors(e,t),ln.cross(Nn).dot(s)<0}set(e,t,i){return this.a.copy(e),this.b.copy(t),this.c.copy(i),this}setFromPointsAndIndices(e,t,i,s){return this.a.copy(e[t]),this.b.copy(e[i]),this.c.copy(e[s]),this}setFromAttributeAndIndices(e,t,i,s){return this.a.fromBufferAttribute(e,t),this.b.fromBufferAttribute(e,i),this.c.fromBufferAttribute(e,s),this}clone(){return new this.constructor().copy(this)}copy(e){return this.a.copy(e.a),this.b.copy(e.b),this.c.copy(e.c),this}getArea(){return ln.subVectors(this.c,this.b),Nn.subVectors(this.a,this.b),ln.cross(Nn).length()*.5}getMidpoint(e){return e.addVectors(this.a,this.b).add(this.c).multiplyScalar(1/3)}getNormal(e){return n.getNormal(this.a,this.b,this.c,e)}getPlane(e){return e.setFromCoplanarPoints(this.a,this.b,this.c)}getBarycoord(e,t){return n.getBarycoord(e,this.a,this.b,this.c,t)}getInterpolation(e,t,i,s,r){return n.getInterpolation(e,this.a,this.b,this.c,t,i,s,r)}containsPoint(e){return n.containsPoint(e,this.a,this.b,this.c)}isFrontFacing(e){return n.isFrontFacing(this.a,this.b,this.c,e)}intersectsBox(e){return e.intersectsTriangle(this)}closestPointToPoint(e,t){let i=this.a,s=this.b,r=this.c,o,a;Gi.subVectors(s,i),Hi.subVectors(r,i),mc.subVectors(e,i);let c=Gi.dot(mc),l=Hi.dot(mc);if(c<=0&&l<=0)return t.copy(i);gc.subVectors(e,s);let h=Gi.dot(gc),u=Hi.dot(gc);if(h>=0&&u<=h)return t.copy(s);let d=c*u-h*l;if(d<=0&&c>=0&&h<=0&&c-h>0)return o=c/(c-h),t.copy(i).addScaledVector(Gi,o);_c.subVectors(e,r);let p=Gi.dot(_c),g=Hi.dot(_c);if(g>=0&&p<=g)return t.copy(r);let v=p*l-c*g;if(v<=0&&l>=0&&g<=0)return a=l/(l-g),t.copy(i).addScaledVector(Hi,a);let f=h*g-p*u;if(f<=0&&u-h>=0&&p-g>=0)return Kd.subVectors(r,s),a=(u-h)/(u-h+(p-g)),t.copy(s).addScaledVector(Kd,a);let m=1/(f+v+d);return o=v*m,a=d*m,t.copy(i).addScaledVector(Gi,o).addScaledVector(Hi,a)}equals(e){return e.a.equals(this.a)&&e.b.equals(this.b)&&e.c.equals(this.c)}},bn=class{constructor(e=new F(1/0,1/0,1/0),t=new F(-1/0,-1/0,-1/0)){this.isBox3=!0,this.min=e,this.max=t}set(e,t){return this.min.copy(e),this.max.copy(t),this}setFromArray(e){this.makeEmpty();for(let t=0,i=e.length;t<i;t+=3)this.expandByPoint(cn.fromArray(e,t));return this}setFromBufferAttribute(e){this.makeEmpty();for(let t=0,i=e.count;t<i;t++)this.expandByPoint(cn.fromBufferAttribute(e,t));return this}setFromPoints(e){this.makeEmpty();for(let t=0,i=e.length;t<i;t++)this.expandByPoint(e[t]);return this}setFromCenterAndSize(e,t){let i=cn.copy(t).multiplyScalar(.5);return this.min.copy(e).sub(i),this.max.copy(e).add(i),this}setFromObject(e,t=!1){return this.makeEmpty(),this.expandByObject(e,t)}clone(){return new this.constructor().copy(this)}copy(e){return this.min.copy(e.min),this.max.copy(e.max),this}makeEmpty(){return this.min.x=this.min.y=this.min.z=1/0,this.max.x=this.max.y=this.max.z=-1/0,this}isEmpty(){return this.max.x<this.min.x||this.max.y<this.min.y||this.max.z<this.min.z}getCenter(e){return this.isEmpty()?e.set(0,0,0):e.addVectors(this.min,this.max).multiplyScalar(.5)}getSize(e){return this.isEmpty()?e.set(0,0,0):e.subVectors(this.max,this.min)}expandByPoint(e){return this.min.min(e),this.max.max(e),this}expandByVector(e){return this.min.sub(e),this.max.add(e),this}expandByScalar(e){return this.min.addScalar(-e),this.max.addScalar(e),this}expandByObject(e,t=!1){e.updateWorldMatrix(!1,!1);let i=e.geometry;if(i!==void 0){let r=i.getAttribute("position");if(t===!0&&r!==void 0&&e.isInstancedMesh!==!0&&e.isBatchedMesh!==!0)for(let o=0,a=r.count;o<a;o++)e.isMesh===!0?e.getVertexPosition(o,cn):cn.fromBufferAttribute(r,o),cn.applyMatrix4(e.matrixWorld),this.expandByPoint(cn);else e.boundingBox!==void 0?(e.boundingBox===null&&e.computeBoundingBox(),fo.copy(e.boundingBox)):(i.boundingBox===null&&i.computeBoundingBox(),fo.copy(i.boundingBox)),fo.applyMatrix4(e.matrixWorld),this.union(fo)}let s=e.children;for(let r=0,o=s.length;r<o;r++)this.expandByObject(s[r],t);return this}containsPoint(e){return e.x>=this.min.x&&e.x<=this.max.x&&e.y>=this.min.y&&e.y<=this.max.y&&e.z>=this.min.z&&e.z<=this.max.z}containsBox(e){return this.min.x<=e.min.x&&e.max.x<=this.max.x&&this.min.y<=e.min.y&&e.max.y<=this.max.y&&this.min.z<=e.min.z&&e.max.z<=this.max.z}getParameter(e,t){return t.set((e.x-this.min.x)/(this.max.x-this.min.x),(e.y-this.min.y)/(this.max.y-this.min.y),(e.z-this.min.z)/(this.max.z-this.min.z))}intersectsBox(e){return e.max.x>=this.min.x&&e.min.x<=this.max.x&&e.max.y>=this.min.y&&e.min.y<=this.max.y&&e.max.z>=this.min.z&&e.min.z<=this.max.z}intersectsSphere(e){return this.clampPoint(e.center,cn),cn.distanceToSquared(e.center)<=e.radius*e.radius}intersectsPlane(e){let t,i;return e.normal.x>0?(t=e.normal.x*this.min.x,i=e.normal.x*this.max.x):(t=e.normal.x*this.max.x,i=e.normal.x*this.min.x),e.normal.y>0?(t+=e.normal.y*this.min.y,i+=e.normal.y*this.max.y):(t+=e.normal.y*this.max.y,i+=e.normal.y*this.min.y),e.normal.z>0?(t+=e.normal.z*this.min.z,i+=e.normal.z*this.max.z):(t+=e.normal.z*this.max.z,i+=e.normal.z*this.min.z),t<=-e.constant&&i>=-e.constant}intersectsTriangle(e){if(this.isEmpty())return!1;this.getCenter(Us),po.subVectors(this.max,Us),Wi.subVectors(e.a,Us),Xi.subVectors(e.b,Us),Yi.subVectors(e.c,Us),jn.subVectors(Xi,Wi),ei.subVectors(Yi,Xi),Si.subVectors(Wi,Yi);let t=[0,-jn.z,jn.y,0,-ei.z,ei.y,0,-Si.z,Si.y,jn.z,0,-jn.x,ei.z,0,-ei.x,Si.z,0,-Si.x,-jn.y,jn.x,0,-ei.y,ei.x,0,-Si.y,Si.x,0];return!Sc(t,Wi,Xi,Yi,po)||(t=[1,0,0,0,1,0,0,0,1],!Sc(t,Wi,Xi,Yi,po))?!1:(mo.crossVectors(jn,ei),t=[mo.x,mo.y,mo.z],Sc(t,Wi,Xi,Yi,po))}clampPoint(e,t){return t.copy(e).clamp(this.min,this.max)}distanceToPoint(e){return this.clampPoint(e,cn).distanceTo(e)}getBoundingSphere(e){return this.isEmpty()?e.makeEmpty():(this.getCenter(e.center),e.radius=this.getSize(cn).length()*.5),e}intersect(e){return this.min.max(e.min),this.max.min(e.max),this.isEmpty()&&this.makeEmpty(),this}union(e){return this.min.min(e.min),this.max.max(e.max),this}applyMatrix4(e){return this.isEmpty()?this:(Ln[0].set(this.min.x,this.min.y,this.min.z).applyMatrix4(e),Ln[1].set(this.min.x,this.min.y,this.max.z).applyMatrix4(e),Ln[2].set(this.min.x,this.max.y,this.min.z).applyMatrix4(e),Ln[3].set(this.min.x,this.max.y,this.max.z).applyMatrix4(e),Ln[4].set(this.max.x,this.min.y,this.min.z).applyMatrix4(e),Ln[5].set(this.max.x,this.min.y,this.max.z).applyMatrix4(e),Ln[6].set(this.max.x,this.max.y,this.min.z).applyMatrix4(e),Ln[7].set(this.max.x,this.max.y,this.max.z).applyMatrix4(e),this.setFromPoints(Ln),this)}translate(e){return this.min.add(e),this.max.add(e),this}equals(e){return e.min.equals(this.min)&&e.max.equals(this.max)}toJSON(){return{min:this.min.toArray(),max:this.max.toArray()}}fromJSON(e){return this.min.fromArray(e.min),this.max.fromArray(e.max),this}},Ln=[new F,new F,new F,new F,new F,new F,new F,new F],cn=new F,fo=new bn,Wi=new F,Xi=new F,Yi=new F,jn=new F,ei=new F,Si=new F,Us=new F,po=new F,mo=new F,bi=new F;function Sc(n,e,t,i,s){for(let r=0,o=n.length-3;r<=o;r+=3){bi.fromArray(n,r);let a=s.x*Math.abs(bi.x)+s.y*Math.abs(bi.y)+s.z*Math.abs(bi.z),c=e.dot(bi),l=t.dot(bi),h=i.dot(bi);if(Math.max(-Math.max(c,l,h),Math.min(c,l,h))>a)return!1}return!0}var dt=new F,go=new ke,C0=0,It=class extends vn{constructor(e,t,i=!1){if(super(),Array.isArray(e))throw new TypeError("THREE.BufferAttribute: array should be a Typed Array.");this.isBufferAttribute=!0,Object.defineProperty(this,"id",{value:C0++}),this.name="",this.array=e,this.itemSize=t,this.count=e!==void 0?e.length/t:0,this.normalized=i,this.usage=ah,this.updateRanges=[],this.gpuType=sn,this.version=0,this._normalizationScale=e!==void 0?cl(e):void 0}onUploadCallback(){}set needsUpdate(e){e===!0&&this.version++}setUsage(e){return this.usage=e,this}addUpdateRange(e,t){this.updateRanges.push({start:e,count:t})}clearUpdateRanges(){this.updateRanges.length=0}copy(e){return this.name=e.name,this.array=new e.array.constructor(e.array),this.itemSize=e.itemSize,this.count=e.count,this.normalized=e.normalized,this.usage=e.usage,this.gpuType=e.gpuType,this._normalizationScale=e._normalizationScale,this}copyAt(e,t,i){e*=this.itemSize,i*=t.itemSize;for(let s=0,r=this.itemSize;s<r;s++)this.array[e+s]=t.array[i+s];return this}copyArray(e){return this.array.set(e),this}applyMatrix3(e){if(this.itemSize===2)for(let t=0,i=this.count;t<i;t++)go.fromBufferAttribute(this,t),go.applyMatrix3(e),this.setXY(t,go.x,go.y);else if(this.itemSize===3)for(let t=0,i=this.count;t<i;t++)dt.fromBufferAttribute(this,t),dt.applyMatrix3(e),this.setXYZ(t,dt.x,dt.y,dt.z);return this}applyMatrix4(e){for(let t=0,i=this.count;t<i;t++)dt.fromBufferAttribute(this,t),dt.applyMatrix4(e),this.setXYZ(t,dt.x,dt.y,dt.z);return this}applyNormalMatrix(e){for(let t=0,i=this.count;t<i;t++)dt.fromBufferAttribute(this,t),dt.applyNormalMatrix(e),this.setXYZ(t,dt.x,dt.y,dt.z);return this}transformDirection(e){for(let t=0,i=this.count;t<i;t++)dt.fromBufferAttribute(this,t),dt.transformDirection(e),this.setXYZ(t,dt.x,dt.y,dt.z);return this}set(e,t=0){return this.array.set(e,t),this}getComponent(e,t){let i=this.array[e*this.itemSize+t];return this.normalized&&(i=this._denormalize(i)),i}setComponent(e,t,i){return this.normalized&&(i=this._normalize(i)),this.array[e*this.itemSize+t]=i,this}getX(e){let t=this.array[e*this.itemSize];return this.normalized&&(t=this._denormalize(t)),t}setX(e,t){return this.normalized&&(t=this._normalize(t)),this.array[e*this.itemSize]=t,this}getY(e){let t=this.array[e*this.itemSize+1];return this.normalized&&(t=this._denormalize(t)),t}setY(e,t){return this.normalized&&(t=this._normalize(t)),this.array[e*this.itemSize+1]=t,this}getZ(e){let t=this.array[e*this.itemSize+2];return this.normalized&&(t=this._denormalize(t)),t}setZ(e,t){return this.normalized&&(t=this._normalize(t)),this.array[e*this.itemSize+2]=t,this}getW(e){let t=this.array[e*this.itemSize+3];return this.normalized&&(t=this._denormalize(t)),t}setW(e,t){return this.normalized&&(t=this._normalize(t)),this.array[e*this.itemSize+3]=t,this}setXY(e,t,i){return e*=this.itemSize,this.normalized&&(t=this._normalize(t),i=this._normalize(i)),this.array[e+0]=t,this.array[e+1]=i,this}setXYZ(e,t,i,s){return e*=this.itemSize,this.normalized&&(t=this._normalize(t),i=this._normalize(i),s=this._normalize(s)),this.array[e+0]=t,this.array[e+1]=i,this.array[e+2]=s,this}setXYZW(e,t,i,s,r){return e*=this.itemSize,this.normalized&&(t=this._normalize(t),i=this._normalize(i),s=this._normalize(s),r=this._normalize(r)),this.array[e+0]=t,this.array[e+1]=i,this.array[e+2]=s,this.array[e+3]=r,this}onUpload(e){return this.onUploadCallback=e,this}clone(){return new this.constructor(this.array,this.itemSize).copy(this)}toJSON(){let e={itemSize:this.itemSize,type:this.array.constructor.name,array:Array.from(this.array),normalized:this.normalized};return e.name=this.name,e.usage=this.usage,e.gpuType=this.gpuType,e}dispose(){this.dispatchEvent({type:"dispose"})}_denormalize(e){let t=this._normalizationScale;return t!==void 0?Math.max(e/t,-1):Zf(e,this.array)}_normalize(e){let t=this._normalizationScale;return t!==void 0?Math.round(e*t):Jf(e,this.array)}};var er=class extends It{constructor(e,t,i){super(new Uint16Array(e),t,i)}};var tr=class extends It{constructor(e,t,i){super(new Uint32Array(e),t,i)}};var Dt=class extends It{constructor(e,t,i){super(new Float32Array(e),t,i)}},N0=new bn,Os=new F,bc=new F,tn=class{constructor(e=new F,t=-1){this.isSphere=!0,this.center=e,this.radius=t}set(e,t){return this.center.copy(e),this.radius=t,this}setFromPoints(e,t){let i=this.center;t!==void 0?i.copy(t):N0.setFromPoints(e).getCenter(i);let s=0;for(let r=0,o=e.length;r<o;r++)s=Math.max(s,i.distanceToSquared(e[r]));return this.radius=Math.sqrt(s),this}copy(e){return this.center.copy(e.center),this.radius=e.radius,this}isEmpty(){return this.radius<0}makeEmpty(){return this.center.set(0,0,0),this.radius=-1,this}containsPoint(e){return e.distanceToSquared(this.center)<=this.radius*this.radius}distanceToPoint(e){return e.distanceTo(this.center)-this.radius}intersectsSphere(e){let t=this.radius+e.radius;return e.center.distanceToSquared(this.center)<=t*t}intersectsBox(e){return e.intersectsSphere(this)}intersectsPlane(e){return Math.abs(e.distanceToPoint(this.center))<=this.radius}clampPoint(e,t){let i=this.center.distanceToSquared(e);return t.copy(e),i>this.radius*this.radius&&(t.sub(this.center).normalize(),t.multiplyScalar(this.radius).add(this.center)),t}getBoundingBox(e){return this.isEmpty()?(e.makeEmpty(),e):(e.set(this.center,this.center),e.expandByScalar(this.radius),e)}applyMatrix4(e){return this.center.applyMatrix4(e),this.radius=this.radius*e.getMaxScaleOnAxis(),this}translate(e){return this.center.add(e),this}expandByPoint(e){if(this.isEmpty())return this.center.copy(e),this.radius=0,this;Os.subVectors(e,this.center);let t=Os.lengthSq();if(t>this.radius*this.radius){let i=Math.sqrt(t),s=(i-this.radius)*.5;this.center.addScaledVector(Os,s/i),this.radius+=s}return this}union(e){return e.isEmpty()?this:this.isEmpty()?(this.copy(e),this):(this.center.equals(e.center)===!0?this.radius=Math.max(this.radius,e.radius):(bc.subVectors(e.center,this.center).setLength(e.radius),this.expandByPoint(Os.copy(e.center).add(bc)),this.expandByPoint(Os.copy(e.center).sub(bc))),this)}equals(e){return e.center.equals(this.center)&&e.radius===this.radius}clone(){return new this.constructor().copy(this)}toJSON(){return{radius:this.radius,center:this.center.toArray()}}fromJSON(e){return this.radius=e.radius,this.center.fromArray(e.center),this}},P0=0,jt=new Je,Mc=new kt,Ki=new F,Gt=new bn,Fs=new bn,vt=new F,Xt=class n extends vn{constructor(){super(),this.isBufferGeometry=!0,Object.defineProperty(this,"id",{value:P0++}),this.uuid=Ni(),this.name="",this.type="BufferGeometry",this.index=null,this.indirect=null,this.indirectOffset=0,this.attributes={},this.morphAttributes={},this.morphTargetsRelative=!1,this.groups=[],this.boundingBox=null,this.boundingSphere=null,this.drawRange={start:0,count:1/0},this.userData={},this._transformed=!1}getIndex(){return this.index}setIndex(e){return Array.isArray(e)?this.index=new(_0(e)?tr:er)(e,1):this.index=e,this}setIndirect(e,t=0){return this.indirect=e,this.indirectOffset=t,this}getIndirect(){return this.indirect}getAttribute(e){return this.attributes[e]}setAttribute(e,t){return this.attributes[e]=t,this}deleteAttribute(e){return delete this.attributes[e],this}hasAttribute(e){return this.attributes[e]!==void 0}addGroup(e,t,i=0){this.groups.push({start:e,count:t,materialIndex:i})}clearGroups(){this.groups=[]}setDrawRange(e,t){this.drawRange.start=e,this.drawRange.count=t}applyMatrix4(e){let t=this.attributes.position;t!==void 0&&(t.applyMatrix4(e),t.needsUpdate=!0);let i=this.attributes.normal;if(i!==void 0){let r=new Ne().getNormalMatrix(e);i.applyNormalMatrix(r),i.needsUpdate=!0}let s=this.attributes.tangent;return s!==void 0&&(s.transformDirection(e),s.needsUpdate=!0),this.boundingBox!==null&&this.computeBoundingBox(),this.boundingSphere!==null&&this.computeBoundingSphere(),this._transformed=!0,this}applyQuaternion(e){return jt.makeRotationFromQuaternion(e),this.applyMatrix4(jt),this}rotateX(e){return jt.makeRotationX(e),this.applyMatrix4(jt),this}rotateY(e){return jt.makeRotationY(e),this.applyMatrix4(jt),this}rotateZ(e){return jt.makeRotationZ(e),this.applyMatrix4(jt),this}translate(e,t,i){return jt.makeTranslation(e,t,i),this.applyMatrix4(jt),this}scale(e,t,i){return jt.makeScale(e,t,i),this.applyMatrix4(jt),this}lookAt(e){return Mc.lookAt(e),Mc.updateMatrix(),this.applyMatrix4(Mc.matrix),this}center(){return this.computeBoundingBox(),this.boundingBox.getCenter(Ki).negate(),this.translate(Ki.x,Ki.y,Ki.z),this}setFromPoints(e){let t=this.getAttribute("position");if(t===void 0){let i=[];for(let s=0,r=e.length;s<r;s++){let o=e[s];i.push(o.x,o.y,o.z||0)}this.setAttribute("position",new Dt(i,3))}else{let i=Math.min(e.length,t.count);for(let s=0;s<i;s++){let r=e[s];t.setXYZ(s,r.x,r.y,r.z||0)}e.length>t.count&&Re("BufferGeometry: Buffer size too small for points data. Use .dispose() and create a new geometry."),t.needsUpdate=!0}return this}computeBoundingBox(){this.boundingBox===null&&(this.boundingBox=new bn);let e=this.attributes.position,t=this.morphAttributes.position;if(e&&e.isGLBufferAttribute){Ce("BufferGeometry.computeBoundingBox(): GLBufferAttribute requires a manual bounding box.",this),this.boundingBox.set(new F(-1/0,-1/0,-1/0),new F(1/0,1/0,1/0));return}if(e!==void 0){if(this.boundingBox.setFromBufferAttribute(e),t)for(let i=0,s=t.length;i<s;i++){let r=t[i];Gt.setFromBufferAttribute(r),this.morphTargetsRelative?(vt.addVectors(this.boundingBox.min,Gt.min),this.boundingBox.expandByPoint(vt),vt.addVectors(this.boundingBox.max,Gt.max),this.boundingBox.expandByPoint(vt)):(this.boundingBox.expandByPoint(Gt.min),this.boundingBox.expandByPoint(Gt.max))}}else this.boundingBox.makeEmpty();(isNaN(this.boundingBox.min.x)||isNaN(this.boundingBox.min.y)||isNaN(this.boundingBox.min.z))&&Ce('BufferGeometry.computeBoundingBox(): Computed min/max have NaN values. The "position" attribute is likely to have NaN values.',this)}computeBoundingSphere(){this.boundingSphere===null&&(this.boundingSphere=new tn);let e=this.attributes.position,t=this.morphAttributes.position;if(e&&e.isGLBufferAttribute){Ce("BufferGeometry.computeBoundingSphere(): GLBufferAttribute requires a manual bounding sphere.",this),this.boundingSphere.set(new F,1/0);return}if(e){let i=this.boundingSphere.center;if(Gt.setFromBufferAttribute(e),t)for(let r=0,o=t.length;r<o;r++){let a=t[r];Fs.setFromBufferAttribute(a),this.morphTargetsRelative?(vt.addVectors(Gt.min,Fs.min),Gt.expandByPoint(vt),vt.addVectors(Gt.max,Fs.max),Gt.expandByPoint(vt)):(Gt.expandByPoint(Fs.min),Gt.expandByPoint(Fs.max))}Gt.getCenter(i);let s=0;for(let r=0,o=e.count;r<o;r++)vt.fromBufferAttribute(e,r),s=Math.max(s,i.distanceToSquared(vt));if(t)for(let r=0,o=t.length;r<o;r++){let a=t[r],c=this.morphTargetsRelative;for(let l=0,h=a.count;l<h;l++)vt.fromBufferAttribute(a,l),c&&(Ki.fromBufferAttribute(e,l),vt.add(Ki)),s=Math.max(s,i.distanceToSquared(vt))}this.boundingSphere.radius=Math.sqrt(s),isNaN(this.boundingSphere.radius)&&Ce('BufferGeometry.computeBoundingSphere(): Computed radius is NaN. The "position" attribute is likely to have NaN values.',this)}}computeTangents(){let e=this.index,t=this.attributes;if(e===null||t.position===void 0||t.normal===void 0||t.uv===void 0){Ce("BufferGeometry: .computeTangents() failed. Missing required attributes (index, position, normal or uv)");return}let i=t.position,s=t.normal,r=t.uv,o=this.getAttribute("tangent");(o===void 0||o.count!==i.count)&&(o=new It(new Float32Array(4*i.count),4),this.setAttribute("tangent",o));let a=[],c=[],l=new Uint8Array(i.count);for(let B=0;B<i.count;B++)a[B]=new F,c[B]=new F;let h=new F,u=new F,d=new F,p=new ke,g=new ke,v=new ke,f=new F,m=new F;function S(B,N,L){l[B]=l[N]=l[L]=1,h.fromBufferAttribute(i,B),u.fromBufferAttribute(i,N),d.fromBufferAttribute(i,L),p.fromBufferAttribute(r,B),g.fromBufferAttribute(r,N),v.fromBufferAttribute(r,L),u.sub(h),d.sub(h),g.sub(p),v.sub(p);let z=1/(g.x*v.y-v.x*g.y);isFinite(z)&&(f.copy(u).multiplyScalar(v.y).addScaledVector(d,-g.y).multiplyScalar(z),m.copy(d).multiplyScalar(g.x).addScaledVector(u,-v.x).multiplyScalar(z),a[B].add(f),a[N].add(f),a[L].add(f),c[B].add(m),c[N].add(m),c[L].add(m))}let w=this.groups;w.length===0&&(w=[{start:0,count:e.count}]);for(let B=0,N=w.length;B<N;++B){let L=w[B],z=L.start,Y=L.count;for(let C=z,W=z+Y;C<W;C+=3)S(e.getX(C+0),e.getX(C+1),e.getX(C+2))}let E=new F,T=new F,A=new F,_=new F;function M(B){A.fromBufferAttribute(s,B),_.copy(A);let N=a[B];E.copy(N),E.sub(A.multiplyScalar(A.dot(N))).normalize(),T.crossVectors(_,N);let z=T.dot(c[B])<0?-1:1;o.setXYZW(B,E.x,E.y,E.z,z)}for(let B=0,N=i.count;B<N;++B)l[B]&&M(B);this._transformed=!0}computeVertexNormals(){let e=this.index,t=this.getAttribute("position");if(t!==void 0){let i=this.getAttribute("normal");if(i===void 0||i.count!==t.count)i=new It(new Float32Array(t.count*3),3),this.setAttribute("normal",i);else for(let d=0,p=i.count;d<p;d++)i.setXYZ(d,0,0,0);let s=new F,r=new F,o=new F,a=new F,c=new F,l=new F,h=new F,u=new F;if(e)for(let d=0,p=e.count;d<p;d+=3){let g=e.getX(d+0),v=e.getX(d+1),f=e.getX(d+2);s.fromBufferAttribute(t,g),r.fromBufferAttribute(t,v),o.fromBufferAttribute(t,f),h.subVectors(o,r),u.subVectors(s,r),h.cross(u),a.fromBufferAttribute(i,g),c.fromBufferAttribute(i,v),l.fromBufferAttribute(i,f),a.add(h),c.add(h),l.add(h),i.setXYZ(g,a.x,a.y,a.z),i.setXYZ(v,c.x,c.y,c.z),i.setXYZ(f,l.x,l.y,l.z)}else for(let d=0,p=t.count;d<p;d+=3)s.fromBufferAttribute(t,d+0),r.fromBufferAttribute(t,d+1),o.fromBufferAttribute(t,d+2),h.subVectors(o,r),u.subVectors(s,r),h.cross(u),i.setXYZ(d+0,h.x,h.y,h.z),i.setXYZ(d+1,h.x,h.y,h.z),i.setXYZ(d+2,h.x,h.y,h.z);this.normalizeNormals(),i.needsUpdate=!0}}normalizeNormals(){let e=this.attributes.normal;for(let t=0,i=e.count;t<i;t++)vt.fromBufferAttribute(e,t),vt.normalize(),e.setXYZ(t,vt.x,vt.y,vt.z)}toNonIndexed(){function e(a,c){let l=a.array,h=a.itemSize,u=a.normalized,d=new l.constructor(c.length*h),p=0,g=0;for(let v=0,f=c.length;v<f;v++){a.isInterleavedBufferAttribute?p=c[v]*a.data.stride+a.offset:p=c[v]*h;for(let m=0;m<h;m++)d[g++]=l[p++]}return new It(d,h,u)}if(this.index===null)return Re("BufferGeometry.toNonIndexed(): BufferGeometry is already non-indexed."),this;let t=new n,i=this.index.array,s=this.attributes;for(let a in s){let c=s[a],l=e(c,i);t.setAttribute(a,l)}let r=this.morphAttributes;for(let a in r){let c=[],l=r[a];for(let h=0,u=l.length;h<u;h++){let d=l[h],p=e(d,i);c.push(p)}t.morphAttributes[a]=c}t.morphTargetsRelative=this.morphTargetsRelative;let o=this.groups;for(let a=0,c=o.length;a<c;a++){let l=o[a];t.addGroup(l.start,l.count,l.materialIndex)}return t}toJSON(){let e={metadata:{version:4.7,type:"BufferGeometry",generator:"BufferGeometry.toJSON"}};if(e.uuid=this.uuid,e.type=this.parameters!==void 0&&this._transformed===!0?"BufferGeometry":this.type,e.name=this.name,Object.keys(this.userData).length>0&&(e.userData=this.userData),this.parameters!==void 0&&this._transformed!==!0){let c=this.parameters;for(let l in c)c[l]!==void 0&&(e[l]=c[l]);return e}e.data={attributes:{}};let t=this.index;t!==null&&(e.data.index={type:t.array.constructor.name,array:Array.prototype.slice.call(t.array)});let i=this.attributes;for(let c in i){let l=i[c];e.data.attributes[c]=l.toJSON(e.data)}let s={},r=!1;for(let c in this.morphAttributes){let l=this.morphAttributes[c],h=[];for(let u=0,d=l.length;u<d;u++){let p=l[u];h.push(p.toJSON(e.data))}h.length>0&&(s[c]=h,r=!0)}r&&(e.data.morphAttributes=s,e.data.morphTargetsRelative=this.morphTargetsRelative);let o=this.groups;o.length>0&&(e.data.groups=JSON.parse(JSON.stringify(o)));let a=this.boundingSphere;return a!==null&&(e.data.boundingSphere=a.toJSON()),e}clone(){return new this.constructor().copy(this)}copy(e){this.index=null,this.attributes={},this.morphAttributes={},this.groups=[],this.boundingBox=null,this.boundingSphere=null;let t={};this.name=e.name;let i=e.index;i!==null&&this.setIndex(i.clone());let s=e.attributes;for(let l in s){let h=s[l];this.setAttribute(l,h.clone(t))}let r=e.morphAttributes;for(let l in r){let h=[],u=r[l];for(let d=0,p=u.length;d<p;d++)h.push(u[d].clone(t));this.morphAttributes[l]=h}this.morphTargetsRelative=e.morphTargetsRelative;let o=e.groups;for(let l=0,h=o.length;l<h;l++){let u=o[l];this.addGroup(u.start,u.count,u.materialIndex)}let a=e.boundingBox;a!==null&&(this.boundingBox=a.clone());let c=e.boundingSphere;return c!==null&&(this.boundingSphere=c.clone()),this.drawRange.start=e.drawRange.start,this.drawRange.count=e.drawRange.count,this.userData=e.userData,this._transformed=e._transformed,this}dispose(){this.dispatchEvent({type:"dispose"})}},na=class{constructor(e,t){this.isInterleavedBuffer=!0,this.array=e,this.stride=t,this.count=e!==void 0?e.length/t:0,this.usage=ah,this.updateRanges=[],this.version=0,this.uuid=Ni()}onUploadCallback(){}set needsUpdate(e){e===!0&&this.version++}setUsage(e){return this.usage=e,this}addUpdateRange(e,t){this.updateRanges.push({start:e,count:t})}clearUpdateRanges(){this.updateRanges.length=0}copy(e){return this.array=new e.array.constructor(e.array),this.count=e.count,this.stride=e.stride,this.usage=e.usage,this}copyAt(e,t,i){e*=this.stride,i*=t.stride;for(let s=0,r=this.stride;s<r;s++)this.array[e+s]=t.array[i+s];return this}set(e,t=0){return this.array.set(e,t),this}clone(e){e.arrayBuffers===void 0&&(e.arrayBuffers={});let t=qd(this.array);e.arrayBuffers[t]===void 0&&(e.arrayBuffers[t]=this.array.slice(0).buffer);let i=new this.array.constructor(e.arrayBuffers[t]),s=new this.constructor(i,this.stride);return s.setUsage(this.usage),s}onUpload(e){return this.onUploadCallback=e,this}toJSON(e){e.arrayBuffers===void 0&&(e.arrayBuffers={});let t=qd(this.array);e.arrayBuffers[t]===void 0&&(e.arrayBuffers[t]=Array.from(new Uint32Array(this.array.slice(0).buffer)));let i={uuid:this.uuid,buffer:t,type:this.array.constructor.name,stride:this.stride};return i.usage=this.usage,i}};function qd(n){return n.buffer._uuid===void 0&&(n.buffer._uuid=Ni()),n.byteOffset===0&&n.byteLength===n.buffer.byteLength?n.buffer._uuid:n.buffer._uuid+":"+n.byteOffset+":"+n.byteLength}var Pt=new F,nr=class n{constructor(e,t,i,s=!1){this.isInterleavedBufferAttribute=!0,this.name="",this.data=e,this.itemSize=t,this.offset=i,this.normalized=s,this._normalizationScale=e!==void 0?cl(e.array):void 0}get count(){return this.data.count}get array(){return this.data.array}set needsUpdate(e){this.data.needsUpdate=e}applyMatrix4(e){for(let t=0,i=this.data.count;t<i;t++)Pt.fromBufferAttribute(this,t),Pt.applyMatrix4(e),this.setXYZ(t,Pt.x,Pt.y,Pt.z);return this}applyNormalMatrix(e){for(let t=0,i=this.count;t<i;t++)Pt.fromBufferAttribute(this,t),Pt.applyNormalMatrix(e),this.setXYZ(t,Pt.x,Pt.y,Pt.z);return this}transformDirection(e){for(let t=0,i=this.count;t<i;t++)Pt.fromBufferAttribute(this,t),Pt.transformDirection(e),this.setXYZ(t,Pt.x,Pt.y,Pt.z);return this}getComponent(e,t){let i=this.array[e*this.data.stride+this.offset+t];return this.normalized&&(i=this._denormalize(i)),i}setComponent(e,t,i){return this.normalized&&(i=this._normalize(i)),this.data.array[e*this.data.stride+this.offset+t]=i,this}setX(e,t){return this.normalized&&(t=this._normalize(t)),this.data.array[e*this.data.stride+this.offset]=t,this}setY(e,t){return this.normalized&&(t=this._normalize(t)),this.data.array[e*this.data.stride+this.offset+1]=t,this}setZ(e,t){return this.normalized&&(t=this._normalize(t)),this.data.array[e*this.data.stride+this.offset+2]=t,this}setW(e,t){return this.normalized&&(t=this._normalize(t)),this.data.array[e*this.data.stride+this.offset+3]=t,this}getX(e){let t=this.data.array[e*this.data.stride+this.offset];return this.normalized&&(t=this._denormalize(t)),t}getY(e){let t=this.data.array[e*this.data.stride+this.offset+1];return this.normalized&&(t=this._denormalize(t)),t}getZ(e){let t=this.data.array[e*this.data.stride+this.offset+2];return this.normalized&&(t=this._denormalize(t)),t}getW(e){let t=this.data.array[e*this.data.stride+this.offset+3];return this.normalized&&(t=this._denormalize(t)),t}setXY(e,t,i){return e=e*this.data.stride+this.offset,this.normalized&&(t=this._normalize(t),i=this._normalize(i)),this.data.array[e+0]=t,this.data.array[e+1]=i,this}setXYZ(e,t,i,s){return e=e*this.data.stride+this.offset,this.normalized&&(t=this._normalize(t),i=this._normalize(i),s=this._normalize(s)),this.data.array[e+0]=t,this.data.array[e+1]=i,this.data.array[e+2]=s,this}setXYZW(e,t,i,s,r){return e=e*this.data.stride+this.offset,this.normalized&&(t=this._normalize(t),i=this._normalize(i),s=this._normalize(s),r=this._normalize(r)),this.data.array[e+0]=t,this.data.array[e+1]=i,this.data.array[e+2]=s,this.data.array[e+3]=r,this}clone(e){if(e===void 0){$s("InterleavedBufferAttribute.clone(): Cloning an interleaved buffer attribute will de-interleave buffer data.");let t=[];for(let i=0;i<this.count;i++){let s=i*this.data.stride+this.offset;for(let r=0;r<this.itemSize;r++)t.push(this.data.array[s+r])}return new It(new this.array.constructor(t),this.itemSize,this.normalized)}else return e.interleavedBuffers===void 0&&(e.interleavedBuffers={}),e.interleavedBuffers[this.data.uuid]===void 0&&(e.interleavedBuffers[this.data.uuid]=this.data.clone(e)),new n(e.interleavedBuffers[this.data.uuid],this.itemSize,this.offset,this.normalized)}toJSON(e){if(e===void 0){$s("InterleavedBufferAttribute.toJSON(): Serializing an interleaved buffer attribute will de-interleave buffer data.");let t=[];for(let i=0;i<this.count;i++){let s=i*this.data.stride+this.offset;for(let r=0;r<this.itemSize;r++)t.push(this.data.array[s+r])}return{itemSize:this.itemSize,type:this.array.constructor.name,array:t,normalized:this.normalized}}else return e.interleavedBuffers===void 0&&(e.interleavedBuffers={}),e.interleavedBuffers[this.data.uuid]===void 0&&(e.interleavedBuffers[this.data.uuid]=this.data.toJSON(e)),{isInterleavedBufferAttribute:!0,itemSize:this.itemSize,data:this.data.uuid,offset:this.offset,normalized:this.normalized}}_denormalize(e){let t=this._normalizationScale;return t!==void 0?Math.max(e/t,-1):Zf(e,this.data.array)}_normalize(e){let t=this._normalizationScale;return t!==void 0?Math.round(e*t):Jf(e,this.data.array)}},Ec=new F,L0=new F,D0=new Ne,hn=class{constructor(e=new F(1,0,0),t=0){this.isPlane=!0,this.normal=e,this.constant=t}set(e,t){return this.normal.copy(e),this.constant=t,this}setComponents(e,t,i,s){return this.normal.set(e,t,i),this.constant=s,this}setFromNormalAndCoplanarPoint(e,t){return this.normal.copy(e),this.constant=-t.dot(this.normal),this}setFromCoplanarPoints(e,t,i){let s=Ec.subVectors(i,t).cross(L0.subVectors(e,t)).normalize();return this.setFromNormalAndCoplanarPoint(s,e),this}copy(e){return this.normal.copy(e.normal),this.constant=e.constant,this}normalize(){let e=1/this.normal.length();return this.normal.multiplyScalar(e),this.constant*=e,this}negate(){return this.constant*=-1,this.normal.negate(),this}distanceToPoint(e){return this.normal.dot(e)+this.constant}distanceToSphere(e){return this.distanceToPoint(e.center)-e.radius}projectPoint(e,t){return t.copy(e).addScaledVector(this.normal,-this.distanceToPoint(e))}intersectLine(e,t,i=!0){let s=e.delta(Ec),r=this.normal.dot(s);if(r===0)return this.distanceToPoint(e.start)===0?t.copy(e.start):null;let o=-(e.start.dot(this.normal)+this.constant)/r;return i===!0&&(o<0||o>1)?null:t.copy(e.start).addScaledVector(s,o)}intersectsLine(e){let t=this.distanceToPoint(e.start),i=this.distanceToPoint(e.end);return t<0&&i>0||i<0&&t>0}intersectsBox(e){return e.intersectsPlane(this)}intersectsSphere(e){return e.intersectsPlane(this)}coplanarPoint(e){return e.copy(this.normal).multiplyScalar(-this.constant)}applyMatrix4(e,t){let i=t||D0.getNormalMatrix(e),s=this.coplanarPoint(Ec).applyMatrix4(e),r=this.normal.applyMatrix3(i).normalize();return this.constant=-s.dot(r),this}translate(e){return this.constant-=e.dot(this.normal),this}equals(e){return e.normal.equals(this.normal)&&e.constant===this.constant}clone(){return new this.constructor().copy(this)}toJSON(){return{normal:this.normal.toArray(),constant:this.constant}}fromJSON(e){return this.normal.fromArray(e.normal),this.constant=e.constant,this}},U0=0,Fn=class extends vn{constructor(){super(),this.isMaterial=!0,Object.defineProperty(this,"id",{value:U0++}),this.uuid=Ni(),this.name="",this.type="Material",this.blending=us,this.side=En,this.vertexColors=!1,this.opacity=1,this.transparent=!1,this.alphaHash=!1,this.blendSrc=zc,this.blendDst=Vc,this.blendEquation=Ri,this.blendSrcAlpha=null,this.blendDstAlpha=null,this.blendEquationAlpha=null,this.blendColor=new Ve(0,0,0),this.blendAlpha=0,this.depthFunc=is,this.depthTest=!0,this.depthWrite=!0,this.stencilWriteMask=255,this.stencilFunc=kf,this.stencilRef=0,this.stencilFuncMask=255,this.stencilFail=zo,this.stencilZFail=zo,this.stencilZPass=zo,this.stencilWrite=!1,this.clippingPlanes=null,this.clipIntersection=!1,this.clipShadows=!1,this.shadowSide=null,this.colorWrite=!0,this.precision=null,this.polygonOffset=!1,this.polygonOffsetFactor=0,this.polygonOffsetUnits=0,this.dithering=!1,this.alphaToCoverage=!1,this.premultipliedAlpha=!1,this.forceSinglePass=!1,this.allowOverride=!0,this.visible=!0,this.toneMapped=!0,this.userData={},this.version=0,this._alphaTest=0}get alphaTest(){return this._alphaTest}set alphaTest(e){this._alphaTest>0!=e>0&&this.version++,this._alphaTest=e}onBeforeRender(){}onBeforeCompile(){}customProgramCacheKey(){return this.onBeforeCompile.toString()}setValues(e){if(e!==void 0)for(let t in e){let i=e[t];if(i===void 0){Re(`Material: parameter '${t}' has value of undefined.`);continue}let s=this[t];if(s===void 0){Re(`Material: '${t}' is not a property of THREE.${this.type}.`);continue}s&&s.isColor?s.set(i):s&&s.isVector2&&i&&i.isVector2||s&&s.isEuler&&i&&i.isEuler||s&&s.isVector3&&i&&i.isVector3?s.copy(i):this[t]=i}}toJSON(e){let t=e===void 0||typeof e=="string";t&&(e={textures:{},images:{}});let i={metadata:{version:4.7,type:"Material",generator:"Material.toJSON"}};i.uuid=this.uuid,i.type=this.type,i.blending=this.blending,i.side=this.side,i.shadowSide=this.shadowSide,i.vertexColors=this.vertexColors,i.opacity=this.opacity,i.transparent=this.transparent,i.blendSrc=this.blendSrc,i.blendDst=this.blendDst,i.blendEquation=this.blendEquation,i.blendSrcAlpha=this.blendSrcAlpha,i.blendDstAlpha=this.blendDstAlpha,i.blendEquationAlpha=this.blendEquationAlpha,i.blendColor=this.blendColor.getHex(),i.blendAlpha=this.blendAlpha,i.depthFunc=this.depthFunc,i.depthTest=this.depthTest,i.depthWrite=this.depthWrite,i.colorWrite=this.colorWrite,i.clipIntersection=this.clipIntersection,i.clipShadows=this.clipShadows,i.stencilWriteMask=this.stencilWriteMask,i.stencilFunc=this.stencilFunc,i.stencilRef=this.stencilRef,i.stencilFuncMask=this.stencilFuncMask,i.stencilFail=this.stencilFail,i.stencilZFail=this.stencilZFail,i.stencilZPass=this.stencilZPass,i.stencilWrite=this.stencilWrite,i.polygonOffset=this.polygonOffset,i.polygonOffsetFactor=this.polygonOffsetFactor,i.polygonOffsetUnits=this.polygonOffsetUnits,i.dithering=this.dithering,i.alphaTest=this.alphaTest,i.alphaHash=this.alphaHash,i.alphaToCoverage=this.alphaToCoverage,i.premultipliedAlpha=this.premultipliedAlpha,i.forceSinglePass=this.forceSinglePass,i.allowOverride=this.allowOverride,i.visible=this.visible,i.toneMapped=this.toneMapped,i.name=this.name,this.color&&this.color.isColor&&(i.color=this.color.getHex()),this.roughness!==void 0&&(i.roughness=this.roughness),this.metalness!==void 0&&(i.metalness=this.metalness),this.sheen!==void 0&&(i.sheen=this.sheen),this.sheenColor&&this.sheenColor.isColor&&(i.sheenColor=this.sheenColor.getHex()),this.sheenRoughness!==void 0&&(i.sheenRoughness=this.sheenRoughness),this.emissive&&this.emissive.isColor&&(i.emissive=this.emissive.getHex()),this.emissiveIntensity!==void 0&&(i.emissiveIntensity=this.emissiveIntensity),this.specular&&this.specular.isColor&&(i.specular=this.specular.getHex()),this.specularIntensity!==void 0&&(i.specularIntensity=this.specularIntensity),this.specularColor&&this.specularColor.isColor&&(i.specularColor=this.specularColor.getHex()),this.shininess!==void 0&&(i.shininess=this.shininess),this.clearcoat!==void 0&&(i.clearcoat=this.clearcoat),this.clearcoatRoughness!==void 0&&(i.clearcoatRoughness=this.clearcoatRoughness),this.diffuseRoughness!==void 0&&(i.diffuseRoughness=this.diffuseRoughness),this.diffuseRoughnessMap&&this.diffuseRoughnessMap.isTexture&&(i.diffuseRoughnessMap=this.diffuseRoughnessMap.toJSON(e).uuid),this.clearcoatMap&&this.clearcoatMap.isTexture&&(i.clearcoatMap=this.clearcoatMap.toJSON(e).uuid),this.clearcoatRoughnessMap&&this.clearcoatRoughnessMap.isTexture&&(i.clearcoatRoughnessMap=this.clearcoatRoughnessMap.toJSON(e).uuid),this.clearcoatNormalMap&&this.clearcoatNormalMap.isTexture&&(i.clearcoatNormalMap=this.clearcoatNormalMap.toJSON(e).uuid,i.clearcoatNormalScale=this.clearcoatNormalScale.toArray()),this.sheenColorMap&&this.sheenColorMap.isTexture&&(i.sheenColorMap=this.sheenColorMap.toJSON(e).uuid),this.sheenRoughnessMap&&this.sheenRoughnessMap.isTexture&&(i.sheenRoughnessMap=this.sheenRoughnessMap.toJSON(e).uuid),this.dispersion!==void 0&&(i.dispersion=this.dispersion),this.retroreflectivity!==void 0&&(i.retroreflectivity=this.retroreflectivity),this.iridescence!==void 0&&(i.iridescence=this.iridescence),this.iridescenceIOR!==void 0&&(i.iridescenceIOR=this.iridescenceIOR),this.iridescenceThicknessMinimum!==void 0&&(i.iridescenceThicknessMinimum=this.iridescenceThicknessMinimum),this.iridescenceThicknessMaximum!==void 0&&(i.iridescenceThicknessMaximum=this.iridescenceThicknessMaximum),this.iridescenceMap&&this.iridescenceMap.isTexture&&(i.iridescenceMap=this.iridescenceMap.toJSON(e).uuid),this.iridescenceThicknessMap&&this.iridescenceThicknessMap.isTexture&&(i.iridescenceThicknessMap=this.iridescenceThicknessMap.toJSON(e).uuid),this.anisotropy!==void 0&&(i.anisotropy=this.anisotropy),this.anisotropyRotation!==void 0&&(i.anisotropyRotation=this.anisotropyRotation),this.anisotropyMap&&this.anisotropyMap.isTexture&&(i.anisotropyMap=this.anisotropyMap.toJSON(e).uuid),this.map&&this.map.isTexture&&(i.map=this.map.toJSON(e).uuid),this.matcap&&this.matcap.isTexture&&(i.matcap=this.matcap.toJSON(e).uuid),this.alphaMap&&this.alphaMap.isTexture&&(i.alphaMap=this.alphaMap.toJSON(e).uuid),this.lightMap&&this.lightMap.isTexture&&(i.lightMap=this.lightMap.toJSON(e).uuid,i.lightMapIntensity=this.lightMapIntensity),this.aoMap&&this.aoMap.isTexture&&(i.aoMap=this.aoMap.toJSON(e).uuid,i.aoMapIntensity=this.aoMapIntensity),this.bumpMap&&this.bumpMap.isTexture&&(i.bumpMap=this.bumpMap.toJSON(e).uuid,i.bumpScale=this.bumpScale),this.normalMap&&this.normalMap.isTexture&&(i.normalMap=this.normalMap.toJSON(e).uuid,i.normalMapType=this.normalMapType,i.normalScale=this.normalScale.toArray()),this.displacementMap&&this.displacementMap.isTexture&&(i.displacementMap=this.displacementMap.toJSON(e).uuid,i.displacementScale=this.displacementScale,i.displacementBias=this.displacementBias),this.roughnessMap&&this.roughnessMap.isTexture&&(i.roughnessMap=this.roughnessMap.toJSON(e).uuid),this.metalnessMap&&this.metalnessMap.isTexture&&(i.metalnessMap=this.metalnessMap.toJSON(e).uuid),this.emissiveMap&&this.emissiveMap.isTexture&&(i.emissiveMap=this.emissiveMap.toJSON(e).uuid),this.specularMap&&this.specularMap.isTexture&&(i.specularMap=this.specularMap.toJSON(e).uuid),this.specularIntensityMap&&this.specularIntensityMap.isTexture&&(i.specularIntensityMap=this.specularIntensityMap.toJSON(e).uuid),this.specularColorMap&&this.specularColorMap.isTexture&&(i.specularColorMap=this.specularColorMap.toJSON(e).uuid),this.envMap&&this.envMap.isTexture&&(i.envMap=this.envMap.toJSON(e).uuid,this.combine!==void 0&&(i.combine=this.combine)),this.envMapRotation!==void 0&&(i.envMapRotation=this.envMapRotation.toArray()),this.envMapIntensity!==void 0&&(i.envMapIntensity=this.envMapIntensity),this.reflectivity!==void 0&&(i.reflectivity=this.reflectivity),this.refractionRatio!==void 0&&(i.refractionRatio=this.refractionRatio),this.gradientMap&&this.gradientMap.isTexture&&(i.gradientMap=this.gradientMap.toJSON(e).uuid),this.transmission!==void 0&&(i.transmission=this.transmission),this.transmissionMap&&this.transmissionMap.isTexture&&(i.transmissionMap=this.transmissionMap.toJSON(e).uuid),this.thickness!==void 0&&(i.thickness=this.thickness),this.thicknessMap&&this.thicknessMap.isTexture&&(i.thicknessMap=this.thicknessMap.toJSON(e).uuid),this.attenuationDistance!==void 0&&(i.attenuationDistance=this.attenuationDistance),this.attenuationColor!==void 0&&(i.attenuationColor=this.attenuationColor.getHex()),this.size!==void 0&&(i.size=this.size),this.sizeAttenuation!==void 0&&(i.sizeAttenuation=this.sizeAttenuation),Array.isArray(this.clippingPlanes)&&this.clippingPlanes.length>0&&(i.clippingPlanes=this.clippingPlanes.map(r=>r.toJSON())),this.rotation!==void 0&&(i.rotation=this.rotation),this.depthPacking!==void 0&&(i.depthPacking=this.depthPacking),this.linewidth!==void 0&&(i.linewidth=this.linewidth),this.linecap!==void 0&&(i.linecap=this.linecap),this.linejoin!==void 0&&(i.linejoin=this.linejoin),this.dashSize!==void 0&&(i.dashSize=this.dashSize),this.gapSize!==void 0&&(i.gapSize=this.gapSize),this.scale!==void 0&&(i.scale=this.scale),this.wireframe!==void 0&&(i.wireframe=this.wireframe),this.wireframeLinewidth!==void 0&&(i.wireframeLinewidth=this.wireframeLinewidth),this.wireframeLinecap!==void 0&&(i.wireframeLinecap=this.wireframeLinecap),this.wireframeLinejoin!==void 0&&(i.wireframeLinejoin=this.wireframeLinejoin),this.flatShading!==void 0&&(i.flatShading=this.flatShading),this.fog!==void 0&&(i.fog=this.fog),Object.keys(this.userData).length>0&&(i.userData=this.userData);function s(r){let o=[];for(let a in r){let c=r[a];delete c.metadata,o.push(c)}return o}if(t){let r=s(e.textures),o=s(e.images);r.length>0&&(i.textures=r),o.length>0&&(i.images=o)}return i}fromJSON(e,t){if(e.uuid!==void 0&&(this.uuid=e.uuid),e.name!==void 0&&(this.name=e.name),e.color!==void 0&&this.color!==void 0&&this.color.setHex(e.color),e.roughness!==void 0&&(this.roughness=e.roughness),e.metalness!==void 0&&(this.metalness=e.metalness),e.sheen!==void 0&&(this.sheen=e.sheen),e.sheenColor!==void 0&&(this.sheenColor=new Ve().setHex(e.sheenColor)),e.sheenRoughness!==void 0&&(this.sheenRoughness=e.sheenRoughness),e.emissive!==void 0&&this.emissive!==void 0&&this.emissive.setHex(e.emissive),e.specular!==void 0&&this.specular!==void 0&&this.specular.setHex(e.specular),e.specularIntensity!==void 0&&(this.specularIntensity=e.specularIntensity),e.specularColor!==void 0&&this.specularColor!==void 0&&this.specularColor.setHex(e.specularColor),e.shininess!==void 0&&(this.shininess=e.shininess),e.clearcoat!==void 0&&(this.clearcoat=e.clearcoat),e.clearcoatRoughness!==void 0&&(this.clearcoatRoughness=e.clearcoatRoughness),e.diffuseRoughness!==void 0&&(this.diffuseRoughness=e.diffuseRoughness),e.dispersion!==void 0&&(this.dispersion=e.dispersion),e.retroreflectivity!==void 0&&(this.retroreflectivity=e.retroreflectivity),e.iridescence!==void 0&&(this.iridescence=e.iridescence),e.iridescenceIOR!==void 0&&(this.iridescenceIOR=e.iridescenceIOR),e.iridescenceThicknessMinimum!==void 0&&(this.iridescenceThicknessMinimum=e.iridescenceThicknessMinimum),e.iridescenceThicknessMaximum!==void 0&&(this.iridescenceThicknessMaximum=e.iridescenceThicknessMaximum),e.iridescenceThicknessRange!==void 0&&(this.iridescenceThicknessMinimum=e.iridescenceThicknessRange[0],this.iridescenceThicknessMaximum=e.iridescenceThicknessRange[1]),e.transmission!==void 0&&(this.transmission=e.transmission),e.thickness!==void 0&&(this.thickness=e.thickness),e.attenuationDistance!==void 0&&(this.attenuationDistance=e.attenuationDistance),e.attenuationColor!==void 0&&this.attenuationColor!==void 0&&this.attenuationColor.setHex(e.attenuationColor),e.anisotropy!==void 0&&(this.anisotropy=e.anisotropy),e.anisotropyRotation!==void 0&&(this.anisotropyRotation=e.anisotropyRotation),e.fog!==void 0&&(this.fog=e.fog),e.flatShading!==void 0&&(this.flatShading=e.flatShading),e.blending!==void 0&&(this.blending=e.blending),e.combine!==void 0&&(this.combine=e.combine),e.side!==void 0&&(this.side=e.side),e.shadowSide!==void 0&&(this.shadowSide=e.shadowSide),e.opacity!==void 0&&(this.opacity=e.opacity),e.transparent!==void 0&&(this.transparent=e.transparent),e.alphaTest!==void 0&&(this.alphaTest=e.alphaTest),e.alphaHash!==void 0&&(this.alphaHash=e.alphaHash),e.depthFunc!==void 0&&(this.depthFunc=e.depthFunc),e.depthTest!==void 0&&(this.depthTest=e.depthTest),e.depthWrite!==void 0&&(this.depthWrite=e.depthWrite),e.colorWrite!==void 0&&(this.colorWrite=e.colorWrite),e.clippingPlanes!==void 0&&(this.clippingPlanes=e.clippingPlanes.map(i=>new hn().fromJSON(i))),e.clipIntersection!==void 0&&(this.clipIntersection=e.clipIntersection),e.clipShadows!==void 0&&(this.clipShadows=e.clipShadows),e.depthPacking!==void 0&&(this.depthPacking=e.depthPacking),e.blendSrc!==void 0&&(this.blendSrc=e.blendSrc),e.blendDst!==void 0&&(this.blendDst=e.blendDst),e.blendEquation!==void 0&&(this.blendEquation=e.blendEquation),e.blendSrcAlpha!==void 0&&(this.blendSrcAlpha=e.blendSrcAlpha),e.blendDstAlpha!==void 0&&(this.blendDstAlpha=e.blendDstAlpha),e.blendEquationAlpha!==void 0&&(this.blendEquationAlpha=e.blendEquationAlpha),e.blendColor!==void 0&&this.blendColor!==void 0&&this.blendColor.setHex(e.blendColor),e.blendAlpha!==void 0&&(this.blendAlpha=e.blendAlpha),e.stencilWriteMask!==void 0&&(this.stencilWriteMask=e.stencilWriteMask),e.stencilFunc!==void 0&&(this.stencilFunc=e.stencilFunc),e.stencilRef!==void 0&&(this.stencilRef=e.stencilRef),e.stencilFuncMask!==void 0&&(this.stencilFuncMask=e.stencilFuncMask),e.stencilFail!==void 0&&(this.stencilFail=e.stencilFail),e.stencilZFail!==void 0&&(this.stencilZFail=e.stencilZFail),e.stencilZPass!==void 0&&(this.stencilZPass=e.stencilZPass),e.stencilWrite!==void 0&&(this.stencilWrite=e.stencilWrite),e.wireframe!==void 0&&(this.wireframe=e.wireframe),e.wireframeLinewidth!==void 0&&(this.wireframeLinewidth=e.wireframeLinewidth),e.wireframeLinecap!==void 0&&(this.wireframeLinecap=e.wireframeLinecap),e.wireframeLinejoin!==void 0&&(this.wireframeLinejoin=e.wireframeLinejoin),e.rotation!==void 0&&(this.rotation=e.rotation),e.linewidth!==void 0&&(this.linewidth=e.linewidth),e.linecap!==void 0&&(this.linecap=e.linecap),e.linejoin!==void 0&&(this.linejoin=e.linejoin),e.dashSize!==void 0&&(this.dashSize=e.dashSize),e.gapSize!==void 0&&(this.gapSize=e.gapSize),e.scale!==void 0&&(this.scale=e.scale),e.polygonOffset!==void 0&&(this.polygonOffset=e.polygonOffset),e.polygonOffsetFactor!==void 0&&(this.polygonOffsetFactor=e.polygonOffsetFactor),e.polygonOffsetUnits!==void 0&&(this.polygonOffsetUnits=e.polygonOffsetUnits),e.dithering!==void 0&&(this.dithering=e.dithering),e.alphaToCoverage!==void 0&&(this.alphaToCoverage=e.alphaToCoverage),e.premultipliedAlpha!==void 0&&(this.premultipliedAlpha=e.premultipliedAlpha),e.forceSinglePass!==void 0&&(this.forceSinglePass=e.forceSinglePass),e.allowOverride!==void 0&&(this.allowOverride=e.allowOverride),e.visible!==void 0&&(this.visible=e.visible),e.toneMapped!==void 0&&(this.toneMapped=e.toneMapped),e.userData!==void 0&&(this.userData=e.userData),e.vertexColors!==void 0&&(typeof e.vertexColors=="number"?this.vertexColors=e.vertexColors>0:this.vertexColors=e.vertexColors),e.size!==void 0&&(this.size=e.size),e.sizeAttenuation!==void 0&&(this.sizeAttenuation=e.sizeAttenuation),e.map!==void 0&&(this.map=t[e.map]||null),e.matcap!==void 0&&(this.matcap=t[e.matcap]||null),e.alphaMap!==void 0&&(this.alphaMap=t[e.alphaMap]||null),e.bumpMap!==void 0&&(this.bumpMap=t[e.bumpMap]||null),e.bumpScale!==void 0&&(this.bumpScale=e.bumpScale),e.normalMap!==void 0&&(this.normalMap=t[e.normalMap]||null),e.normalMapType!==void 0&&(this.normalMapType=e.normalMapType),e.normalScale!==void 0){let i=e.normalScale;Array.isArray(i)===!1&&(i=[i,i]),this.normalScale=new ke().fromArray(i)}return e.displacementMap!==void 0&&(this.displacementMap=t[e.displacementMap]||null),e.displacementScale!==void 0&&(this.displacementScale=e.displacementScale),e.displacementBias!==void 0&&(this.displacementBias=e.displacementBias),e.roughnessMap!==void 0&&(this.roughnessMap=t[e.roughnessMap]||null),e.metalnessMap!==void 0&&(this.metalnessMap=t[e.metalnessMap]||null),e.emissiveMap!==void 0&&(this.emissiveMap=t[e.emissiveMap]||null),e.emissiveIntensity!==void 0&&(this.emissiveIntensity=e.emissiveIntensity),e.specularMap!==void 0&&(this.specularMap=t[e.specularMap]||null),e.specularIntensityMap!==void 0&&(this.specularIntensityMap=t[e.specularIntensityMap]||null),e.specularColorMap!==void 0&&(this.specularColorMap=t[e.specularColorMap]||null),e.envMap!==void 0&&(this.envMap=t[e.envMap]||null),e.envMapRotation!==void 0&&this.envMapRotation.fromArray(e.envMapRotation),e.envMapIntensity!==void 0&&(this.envMapIntensity=e.envMapIntensity),e.reflectivity!==void 0&&(this.reflectivity=e.reflectivity),e.refractionRatio!==void 0&&(this.refractionRatio=e.refractionRatio),e.lightMap!==void 0&&(this.lightMap=t[e.lightMap]||null),e.lightMapIntensity!==void 0&&(this.lightMapIntensity=e.lightMapIntensity),e.aoMap!==void 0&&(this.aoMap=t[e.aoMap]||null),e.aoMapIntensity!==void 0&&(this.aoMapIntensity=e.aoMapIntensity),e.gradientMap!==void 0&&(this.gradientMap=t[e.gradientMap]||null),e.clearcoatMap!==void 0&&(this.clearcoatMap=t[e.clearcoatMap]||null),e.clearcoatRoughnessMap!==void 0&&(this.clearcoatRoughnessMap=t[e.clearcoatRoughnessMap]||null),e.clearcoatNormalMap!==void 0&&(this.clearcoatNormalMap=t[e.clearcoatNormalMap]||null),e.clearcoatNormalScale!==void 0&&(this.clearcoatNormalScale=new ke().fromArray(e.clearcoatNormalScale)),e.diffuseRoughnessMap!==void 0&&(this.diffuseRoughnessMap=t[e.diffuseRoughnessMap]||null),e.iridescenceMap!==void 0&&(this.iridescenceMap=t[e.iridescenceMap]||null),e.iridescenceThicknessMap!==void 0&&(this.iridescenceThicknessMap=t[e.iridescenceThicknessMap]||null),e.transmissionMap!==void 0&&(this.transmissionMap=t[e.transmissionMap]||null),e.thicknessMap!==void 0&&(this.thicknessMap=t[e.thicknessMap]||null),e.anisotropyMap!==void 0&&(this.anisotropyMap=t[e.anisotropyMap]||null),e.sheenColorMap!==void 0&&(this.sheenColorMap=t[e.sheenColorMap]||null),e.sheenRoughnessMap!==void 0&&(this.sheenRoughnessMap=t[e.sheenRoughnessMap]||null),this}clone(){return new this.constructor().copy(this)}copy(e){this.name=e.name,this.blending=e.blending,this.side=e.side,this.vertexColors=e.vertexColors,this.opacity=e.opacity,this.transparent=e.transparent,this.blendSrc=e.blendSrc,this.blendDst=e.blendDst,this.blendEquation=e.blendEquation,this.blendSrcAlpha=e.blendSrcAlpha,this.blendDstAlpha=e.blendDstAlpha,this.blendEquationAlpha=e.blendEquationAlpha,this.blendColor.copy(e.blendColor),this.blendAlpha=e.blendAlpha,this.depthFunc=e.depthFunc,this.depthTest=e.depthTest,this.depthWrite=e.depthWrite,this.stencilWriteMask=e.stencilWriteMask,this.stencilFunc=e.stencilFunc,this.stencilRef=e.stencilRef,this.stencilFuncMask=e.stencilFuncMask,this.stencilFail=e.stencilFail,this.stencilZFail=e.stencilZFail,this.stencilZPass=e.stencilZPass,this.stencilWrite=e.stencilWrite;let t=e.clippingPlanes,i=null;if(t!==null){let s=t.length;i=new Array(s);for(let r=0;r!==s;++r)i[r]=t[r].clone()}return this.clippingPlanes=i,this.clipIntersection=e.clipIntersection,this.clipShadows=e.clipShadows,this.shadowSide=e.shadowSide,this.colorWrite=e.colorWrite,this.precision=e.precision,this.polygonOffset=e.polygonOffset,this.polygonOffsetFactor=e.polygonOffsetFactor,this.polygonOffsetUnits=e.polygonOffsetUnits,this.dithering=e.dithering,this.alphaTest=e.alphaTest,this.alphaHash=e.alphaHash,this.alphaToCoverage=e.alphaToCoverage,this.premultipliedAlpha=e.premultipliedAlpha,this.forceSinglePass=e.forceSinglePass,this.allowOverride=e.allowOverride,this.visible=e.visible,this.toneMapped=e.toneMapped,this.userData=JSON.parse(JSON.stringify(e.userData)),this}dispose(){this.dispatchEvent({type:"dispose"})}set needsUpdate(e){e===!0&&this.version++}},as=class extends Fn{constructor(e){super(),this.isSpriteMaterial=!0,this.type="SpriteMaterial",this.color=new Ve(16777215),this.map=null,this.alphaMap=null,this.rotation=0,this.sizeAttenuation=!0,this.transparent=!0,this.fog=!0,this.setValues(e)}copy(e){return super.copy(e),this.color.copy(e.color),this.map=e.map,this.alphaMap=e.alphaMap,this.rotation=e.rotation,this.sizeAttenuation=e.sizeAttenuation,this.fog=e.fog,this}},qi,Bs=new F,$i=new F,Zi=new F,Ji=new ke,ks=new ke,jf=new Je,_o=new F,zs=new F,xo=new F,$d=new ke,Ac=new ke,Zd=new ke,ir=class extends kt{constructor(e=new as){if(super(),this.isSprite=!0,this.type="Sprite",qi===void 0){qi=new Xt;let t=new Float32Array([-.5,-.5,0,0,0,.5,-.5,0,1,0,.5,.5,0,1,1,-.5,.5,0,0,1]),i=new na(t,5);qi.setIndex([0,1,2,0,2,3]),qi.setAttribute("position",new nr(i,3,0,!1)),qi.setAttribute("uv",new nr(i,2,3,!1))}this.geometry=qi,this.material=e,this.center=new ke(.5,.5),this.count=1}intersectsFrustum(e){return e.intersectsSprite(this)}raycast(e,t){e.camera===null&&Ce('Sprite: "Raycaster.camera" needs to be set in order to raycast against sprites.'),$i.setFromMatrixScale(this.matrixWorld),jf.copy(e.camera.matrixWorld),this.modelViewMatrix.multiplyMatrices(e.camera.matrixWorldInverse,this.matrixWorld),Zi.setFromMatrixPosition(this.modelViewMatrix),e.camera.isPerspectiveCamera&&this.material.sizeAttenuation===!1&&$i.multiplyScalar(-Zi.z);let i=this.material.rotation,s,r;i!==0&&(r=Math.cos(i),s=Math.sin(i));let o=this.center;yo(_o.set(-.5,-.5,0),Zi,o,$i,s,r),yo(zs.set(.5,-.5,0),Zi,o,$i,s,r),yo(xo.set(.5,.5,0),Zi,o,$i,s,r),$d.set(0,0),Ac.set(1,0),Zd.set(1,1);let a=e.ray.intersectTriangle(_o,zs,xo,!1,Bs);if(a===null&&(yo(zs.set(-.5,.5,0),Zi,o,$i,s,r),Ac.set(0,1),a=e.ray.intersectTriangle(_o,xo,zs,!1,Bs),a===null))return;let c=e.ray.origin.distanceTo(Bs);c<e.near||c>e.far||t.push({distance:c,point:Bs.clone(),uv:xn.getInterpolation(Bs,_o,zs,xo,$d,Ac,Zd,new ke),face:null,object:this})}copy(e,t){return super.copy(e,t),e.center!==void 0&&this.center.copy(e.center),this.material=e.material,this}toJSON(e){let t=super.toJSON(e);return t.object.center=this.center.toArray(),t}};function yo(n,e,t,i,s,r){Ji.subVectors(n,t).addScalar(.5).multiply(i),s!==void 0?(ks.x=r*Ji.x-s*Ji.y,ks.y=s*Ji.x+r*Ji.y):ks.copy(Ji),n.copy(e),n.x+=ks.x,n.y+=ks.y,n.applyMatrix4(jf)}var Dn=new F,Tc=new F,vo=new F,So=new F,sr=class{constructor(e=new F,t=new F(0,0,-1)){this.origin=e,this.direction=t}set(e,t){return this.origin.copy(e),this.direction.copy(t),this}copy(e){return this.origin.copy(e.origin),this.direction.copy(e.direction),this}at(e,t){return t.copy(this.origin).addScaledVector(this.direction,e)}lookAt(e){return this.direction.copy(e).sub(this.origin).normalize(),this}recast(e){return this.origin.copy(this.at(e,Dn)),this}closestPointToPoint(e,t){t.subVectors(e,this.origin);let i=t.dot(this.direction);return i<0?t.copy(this.origin):t.copy(this.origin).addScaledVector(this.direction,i)}distanceToPoint(e){return Math.sqrt(this.distanceSqToPoint(e))}distanceSqToPoint(e){let t=Dn.subVectors(e,this.origin).dot(this.direction);return t<0?this.origin.distanceToSquared(e):(Dn.copy(this.origin).addScaledVector(this.direction,t),Dn.distanceToSquared(e))}distanceSqToSegment(e,t,i,s){Tc.copy(e).add(t).multiplyScalar(.5),vo.copy(t).sub(e).normalize(),So.copy(this.origin).sub(Tc);let r=e.distanceTo(t)*.5,o=-this.direction.dot(vo),a=So.dot(this.direction),c=-So.dot(vo),l=So.lengthSq(),h=Math.abs(1-o*o),u,d,p,g;if(h>0)if(u=o*c-a,d=o*a-c,g=r*h,u>=0)if(d>=-g)if(d<=g){let v=1/h;u*=v,d*=v,p=u*(u+o*d+2*a)+d*(o*u+d+2*c)+l}else d=r,u=Math.max(0,-(o*d+a)),p=-u*u+d*(d+2*c)+l;else d=-r,u=Math.max(0,-(o*d+a)),p=-u*u+d*(d+2*c)+l;else d<=-g?(u=Math.max(0,-(-o*r+a)),d=u>0?-r:Math.min(Math.max(-r,-c),r),p=-u*u+d*(d+2*c)+l):d<=g?(u=0,d=Math.min(Math.max(-r,-c),r),p=d*(d+2*c)+l):(u=Math.max(0,-(o*r+a)),d=u>0?r:Math.min(Math.max(-r,-c),r),p=-u*u+d*(d+2*c)+l);else d=o>0?-r:r,u=Math.max(0,-(o*d+a)),p=-u*u+d*(d+2*c)+l;return i&&i.copy(this.origin).addScaledVector(this.direction,u),s&&s.copy(Tc).addScaledVector(vo,d),p}intersectSphere(e,t){if(e.radius<0)return null;Dn.subVectors(e.center,this.origin);let i=Dn.dot(this.direction),s=Dn.dot(Dn)-i*i,r=e.radius*e.radius;if(s>r)return null;let o=Math.sqrt(r-s),a=i-o,c=i+o;return c<0?null:a<0?this.at(c,t):this.at(a,t)}intersectsSphere(e){return e.radius<0?!1:this.distanceSqToPoint(e.center)<=e.radius*e.radius}distanceToPlane(e){let t=e.normal.dot(this.direction);if(t===0)return e.distanceToPoint(this.origin)===0?0:null;let i=-(this.origin.dot(e.normal)+e.constant)/t;return i>=0?i:null}intersectPlane(e,t){let i=this.distanceToPlane(e);return i===null?null:this.at(i,t)}intersectsPlane(e){let t=e.distanceToPoint(this.origin);return t===0||e.normal.dot(this.direction)*t<0}intersectBox(e,t){let i,s,r,o,a,c,l=1/this.direction.x,h=1/this.direction.y,u=1/this.direction.z,d=this.origin;return l>=0?(i=(e.min.x-d.x)*l,s=(e.max.x-d.x)*l):(i=(e.max.x-d.x)*l,s=(e.min.x-d.x)*l),h>=0?(r=(e.min.y-d.y)*h,o=(e.max.y-d.y)*h):(r=(e.max.y-d.y)*h,o=(e.min.y-d.y)*h),i>o||r>s||((r>i||isNaN(i))&&(i=r),(o<s||isNaN(s))&&(s=o),u>=0?(a=(e.min.z-d.z)*u,c=(e.max.z-d.z)*u):(a=(e.max.z-d.z)*u,c=(e.min.z-d.z)*u),i>c||a>s)||((a>i||i!==i)&&(i=a),(c<s||s!==s)&&(s=c),s<0)?null:this.at(i>=0?i:s,t)}intersectsBox(e){return this.intersectBox(e,Dn)!==null}intersectTriangle(e,t,i,s,r){let o=this.origin,a=this.direction,c=a.x,l=a.y,h=a.z,u=e.x-o.x,d=e.y-o.y,p=e.z-o.z,g=t.x-o.x,v=t.y-o.y,f=t.z-o.z,m=i.x-o.x,S=i.y-o.y,w=i.z-o.z,E=Math.abs(c),T=Math.abs(l),A=Math.abs(h),_,M,B,N,L,z,Y,C,W,Z,V,ne;if(E>=T&&E>=A?(B=c,z=u,W=g,ne=m,c>=0?(_=l,M=h,N=d,L=p,Y=v,C=f,Z=S,V=w):(_=h,M=l,N=p,L=d,Y=f,C=v,Z=w,V=S)):T>=A?(B=l,z=d,W=v,ne=S,l>=0?(_=h,M=c,N=p,L=u,Y=f,C=g,Z=w,V=m):(_=c,M=h,N=u,L=p,Y=g,C=f,Z=m,V=w)):(B=h,z=p,W=f,ne=w,h>=0?(_=c,M=l,N=u,L=d,Y=g,C=v,Z=m,V=S):(_=l,M=c,N=d,L=u,Y=v,C=g,Z=S,V=m)),B===0)return null;let H=_/B,Q=M/B,j=1/B,be=N-H*z,Le=L-Q*z,q=Y-H*W,me=C-Q*W,ye=Z-H*ne,Te=V-Q*ne,ge=ye*me-Te*q,Ue=be*Te-Le*ye,ct=q*Le-me*be;if(s){if(ge<0||Ue<0||ct<0)return null}else if((ge<0||Ue<0||ct<0)&&(ge>0||Ue>0||ct>0))return null;let Ie=ge+Ue+ct;if(Ie===0)return null;let $e=j*(ge*z+Ue*W+ct*ne);return(Ie>0?$e<0:$e>0)?null:this.at($e/Ie,r)}applyMatrix4(e){return this.origin.applyMatrix4(e),this.direction.transformDirection(e),this}equals(e){return e.origin.equals(this.origin)&&e.direction.equals(this.direction)}clone(){return new this.constructor().copy(this)}},ii=class extends Fn{constructor(e){super(),this.isMeshBasicMaterial=!0,this.type="MeshBasicMaterial",this.color=new Ve(16777215),this.map=null,this.lightMap=null,this.lightMapIntensity=1,this.aoMap=null,this.aoMapIntensity=1,this.specularMap=null,this.alphaMap=null,this.envMap=null,this.envMapRotation=new ni,this.combine=Gc,this.reflectivity=1,this.refractionRatio=.98,this.wireframe=!1,this.wireframeLinewidth=1,this.wireframeLinecap="round",this.wireframeLinejoin="round",this.fog=!0,this.setValues(e)}copy(e){return super.copy(e),this.color.copy(e.color),this.map=e.map,this.lightMap=e.lightMap,this.lightMapIntensity=e.lightMapIntensity,this.aoMap=e.aoMap,this.aoMapIntensity=e.aoMapIntensity,this.specularMap=e.specularMap,this.alphaMap=e.alphaMap,this.envMap=e.envMap,this.envMapRotation.copy(e.envMapRotation),this.combine=e.combine,this.reflectivity=e.reflectivity,this.refractionRatio=e.refractionRatio,this.wireframe=e.wireframe,this.wireframeLinewidth=e.wireframeLinewidth,this.wireframeLinecap=e.wireframeLinecap,this.wireframeLinejoin=e.wireframeLinejoin,this.fog=e.fog,this}},Jd=new Je,Mi=new sr,bo=new tn,Qd=new F,Mo=new F,Eo=new F,Ao=new F,wc=new F,To=new F,jd=new F,wo=new F,zt=class extends kt{constructor(e=new Xt,t=new ii){super(),this.isMesh=!0,this.type="Mesh",this.geometry=e,this.material=t,this.morphTargetDictionary=void 0,this.morphTargetInfluences=void 0,this.count=1,this.updateMorphTargets()}copy(e,t){return super.copy(e,t),e.morphTargetInfluences!==void 0?this.morphTargetInfluences=e.morphTargetInfluences.slice():this.morphTargetInfluences=void 0,e.morphTargetDictionary!==void 0?this.morphTargetDictionary=Object.assign({},e.morphTargetDictionary):this.morphTargetDictionary=void 0,this.material=Array.isArray(e.material)?e.material.slice():e.material,this.geometry=e.geometry,this}updateMorphTargets(){let t=this.geometry.morphAttributes,i=Object.keys(t);if(i.length>0){let s=t[i[0]];if(s!==void 0){this.morphTargetInfluences=[],this.morphTargetDictionary={};for(let r=0,o=s.length;r<o;r++){let a=s[r].name||String(r);this.morphTargetInfluences.push(0),this.morphTargetDictionary[a]=r}}}}getVertexPosition(e,t){let i=this.geometry,s=i.attributes.position,r=i.morphAttributes.position,o=i.morphTargetsRelative;t.fromBufferAttribute(s,e);let a=this.morphTargetInfluences;if(r&&a){To.set(0,0,0);for(let c=0,l=r.length;c<l;c++){let h=a[c],u=r[c];h!==0&&(wc.fromBufferAttribute(u,e),o?To.addScaledVector(wc,h):To.addScaledVector(wc.sub(t),h))}t.add(To)}return t}intersectsFrustum(e){return e.intersectsObject(this)}raycast(e,t){let i=this.geometry,s=this.material,r=this.matrixWorld;s!==void 0&&(i.boundingSphere===null&&i.computeBoundingSphere(),bo.copy(i.boundingSphere),bo.applyMatrix4(r),Mi.copy(e.ray).recast(e.near),!(bo.containsPoint(Mi.origin)===!1&&(Mi.intersectSphere(bo,Qd)===null||Mi.origin.distanceToSquared(Qd)>(e.far-e.near)**2))&&(Jd.copy(r).invert(),Mi.copy(e.ray).applyMatrix4(Jd),!(i.boundingBox!==null&&Mi.intersectsBox(i.boundingBox)===!1)&&this._computeIntersections(e,t,Mi)))}_computeIntersections(e,t,i){let s,r=this.geometry,o=this.material,a=r.index,c=r.attributes.position,l=r.attributes.uv,h=r.attributes.uv1,u=r.attributes.normal,d=r.groups,p=r.drawRange;if(a!==null)if(Array.isArray(o))for(let g=0,v=d.length;g<v;g++){let f=d[g],m=o[f.materialIndex],S=Math.max(f.start,p.start),w=Math.min(a.count,Math.min(f.start+f.count,p.start+p.count));for(let E=S,T=w;E<T;E+=3){let A=a.getX(E),_=a.getX(E+1),M=a.getX(E+2);s=Ro(this,m,e,i,l,h,u,A,_,M),s&&(s.faceIndex=Math.floor(E/3),s.face.materialIndex=f.materialIndex,t.push(s))}}else{let g=Math.max(0,p.start),v=Math.min(a.count,p.start+p.count);for(let f=g,m=v;f<m;f+=3){let S=a.getX(f),w=a.getX(f+1),E=a.getX(f+2);s=Ro(this,o,e,i,l,h,u,S,w,E),s&&(s.faceIndex=Math.floor(f/3),t.push(s))}}else if(c!==void 0)if(Array.isArray(o))for(let g=0,v=d.length;g<v;g++){let f=d[g],m=o[f.materialIndex],S=Math.max(f.start,p.start),w=Math.min(c.count,Math.min(f.start+f.count,p.start+p.count));for(let E=S,T=w;E<T;E+=3){let A=E,_=E+1,M=E+2;s=Ro(this,m,e,i,l,h,u,A,_,M),s&&(s.faceIndex=Math.floor(E/3),s.face.materialIndex=f.materialIndex,t.push(s))}}else{let g=Math.max(0,p.start),v=Math.min(c.count,p.start+p.count);for(let f=g,m=v;f<m;f+=3){let S=f,w=f+1,E=f+2;s=Ro(this,o,e,i,l,h,u,S,w,E),s&&(s.faceIndex=Math.floor(f/3),t.push(s))}}}};function O0(n,e,t,i,s,r,o,a){let c;if(e.side===Ft?c=i.intersectTriangle(o,r,s,!0,a):c=i.intersectTriangle(s,r,o,e.side===En,a),c===null)return null;wo.copy(a),wo.applyMatrix4(n.matrixWorld);let l=t.ray.origin.distanceTo(wo);return l<t.near||l>t.far?null:{distance:l,point:wo.clone(),object:n}}function Ro(n,e,t,i,s,r,o,a,c,l){n.getVertexPosition(a,Mo),n.getVertexPosition(c,Eo),n.getVertexPosition(l,Ao);let h=O0(n,e,t,i,Mo,Eo,Ao,jd);if(h){let u=new F;xn.getBarycoord(jd,Mo,Eo,Ao,u),s&&(h.uv=xn.getInterpolatedAttribute(s,a,c,l,u,new ke)),r&&(h.uv1=xn.getInterpolatedAttribute(r,a,c,l,u,new ke)),o&&(h.normal=xn.getInterpolatedAttribute(o,a,c,l,u,new F),h.normal.dot(i.direction)>0&&h.normal.multiplyScalar(-1));let d={a,b:c,c:l,normal:new F,materialIndex:0};xn.getNormal(Mo,Eo,Ao,d.normal),h.face=d,h.barycoord=u}return h}var rr=class extends Ot{constructor(e=null,t=1,i=1,s,r,o,a,c,l=St,h=St,u,d){super(null,o,a,c,l,h,s,r,u,d),this.isDataTexture=!0,this.image={data:e,width:t,height:i},this.generateMipmaps=!1,this.flipY=!1,this.unpackAlignment=1}};var si=class extends It{constructor(e,t,i,s=1){super(e,t,i),this.isInstancedBufferAttribute=!0,this.meshPerAttribute=s}copy(e){return super.copy(e),this.meshPerAttribute=e.meshPerAttribute,this}toJSON(){let e=super.toJSON();return e.meshPerAttribute=this.meshPerAttribute,e.isInstancedBufferAttribute=!0,e}},Qi=new Je,ef=new Je,Io=[],tf=new bn,F0=new Je,Vs=new zt,Gs=new tn,or=class extends zt{constructor(e,t,i){super(e,t),this.isInstancedMesh=!0,this.instanceMatrix=new si(new Float32Array(i*16),16),this.instanceColor=null,this.morphTexture=null,this.count=i,this.boundingBox=null,this.boundingSphere=null;for(let s=0;s<i;s++)this.setMatrixAt(s,F0)}computeBoundingBox(){let e=this.geometry,t=this.count;this.boundingBox===null&&(this.boundingBox=new bn),e.boundingBox===null&&e.computeBoundingBox(),this.boundingBox.makeEmpty();for(let i=0;i<t;i++)this.getMatrixAt(i,Qi),tf.copy(e.boundingBox).applyMatrix4(Qi),this.boundingBox.union(tf)}computeBoundingSphere(){let e=this.geometry,t=this.count;this.boundingSphere===null&&(this.boundingSphere=new tn),e.boundingSphere===null&&e.computeBoundingSphere(),this.boundingSphere.makeEmpty();for(let i=0;i<t;i++)this.getMatrixAt(i,Qi),Gs.copy(e.boundingSphere).applyMatrix4(Qi),this.boundingSphere.union(Gs)}copy(e,t){return super.copy(e,t),this.instanceMatrix.copy(e.instanceMatrix),this.morphTexture=e.morphTexture!==null?e.morphTexture.clone():null,this.instanceColor=e.instanceColor!==null?e.instanceColor.clone():null,this.count=e.count,this.boundingBox=e.boundingBox!==null?e.boundingBox.clone():null,this.boundingSphere=e.boundingSphere!==null?e.boundingSphere.clone():null,this}getColorAt(e,t){return this.instanceColor===null?t.setRGB(1,1,1):t.fromArray(this.instanceColor.array,e*3)}getMatrixAt(e,t){return t.fromArray(this.instanceMatrix.array,e*16)}getMorphAt(e,t){let i=t.morphTargetInfluences,s=this.morphTexture.source.data.data,r=i.length+1,o=e*r+1;for(let a=0;a<i.length;a++)i[a]=s[o+a]}raycast(e,t){let i=this.matrixWorld,s=this.count;if(Vs.geometry=this.geometry,Vs.material=this.material,Vs.material!==void 0&&(this.boundingSphere===null&&this.computeBoundingSphere(),Gs.copy(this.boundingSphere),Gs.applyMatrix4(i),e.ray.intersectsSphere(Gs)!==!1))for(let r=0;r<s;r++){this.getMatrixAt(r,Qi),ef.multiplyMatrices(i,Qi),Vs.matrixWorld=ef,Vs.raycast(e,Io);for(let o=0,a=Io.length;o<a;o++){let c=Io[o];c.instanceId=r,c.object=this,t.push(c)}Io.length=0}}setColorAt(e,t){return this.instanceColor===null&&(this.instanceColor=new si(new Float32Array(this.instanceMatrix.count*3).fill(1),3)),t.toArray(this.instanceColor.array,e*3),this}setMatrixAt(e,t){return t.toArray(this.instanceMatrix.array,e*16),this}setMorphAt(e,t){let i=t.morphTargetInfluences,s=i.length+1;this.morphTexture===null&&(this.morphTexture=new rr(new Float32Array(s*this.count),s,this.count,Ra,sn));let r=this.morphTexture.source.data.data,o=0;for(let l=0;l<i.length;l++)o+=i[l];let a=this.geometry.morphTargetsRelative?1:1-o,c=s*e;return r[c]=a,r.set(i,c+1),this}updateMorphTargets(){}dispose(){super.dispose(),this.instanceMatrix.dispose(),this.instanceColor!==null&&this.instanceColor.dispose(),this.morphTexture!==null&&(this.morphTexture.dispose(),this.morphTexture=null)}},Ei=new tn,B0=new ke(.5,.5),Co=new F,Bn=class{constructor(e=new hn,t=new hn,i=new hn,s=new hn,r=new hn,o=new hn){this.planes=[e,t,i,s,r,o]}set(e,t,i,s,r,o){let a=this.planes;return a[0].copy(e),a[1].copy(t),a[2].copy(i),a[3].copy(s),a[4].copy(r),a[5].copy(o),this}copy(e){let t=this.planes;for(let i=0;i<6;i++)t[i].copy(e.planes[i]);return this}setFromProjectionMatrix(e,t=en,i=!1){let s=this.planes,r=e.elements,o=r[0],a=r[1],c=r[2],l=r[3],h=r[4],u=r[5],d=r[6],p=r[7],g=r[8],v=r[9],f=r[10],m=r[11],S=r[12],w=r[13],E=r[14],T=r[15];if(s[0].setComponents(l-o,p-h,m-g,T-S).normalize(),s[1].setComponents(l+o,p+h,m+g,T+S).normalize(),s[2].setComponents(l+a,p+u,m+v,T+w).normalize(),s[3].setComponents(l-a,p-u,m-v,T-w).normalize(),i)s[4].setComponents(c,d,f,E).normalize(),s[5].setComponents(l-c,p-d,m-f,T-E).normalize();else if(s[4].setComponents(l-c,p-d,m-f,T-E).normalize(),t===en)s[5].setComponents(l+c,p+d,m+f,T+E).normalize();else if(t===Ks)s[5].setComponents(c,d,f,E).normalize();else throw new Error("THREE.Frustum.setFromProjectionMatrix(): Invalid coordinate system: "+t);return this}intersectsObject(e){if(e.boundingSphere!==void 0)e.boundingSphere===null&&e.computeBoundingSphere(),Ei.copy(e.boundingSphere).applyMatrix4(e.matrixWorld);else{let t=e.geometry;t.boundingSphere===null&&t.computeBoundingSphere(),Ei.copy(t.boundingSphere).applyMatrix4(e.matrixWorld)}return this.intersectsSphere(Ei)}intersectsSprite(e){Ei.center.set(0,0,0);let t=B0.distanceTo(e.center);return Ei.radius=.7071067811865476+t,Ei.applyMatrix4(e.matrixWorld),this.intersectsSphere(Ei)}intersectsSphere(e){let t=this.planes,i=e.center,s=-e.radius;for(let r=0;r<6;r++)if(t[r].distanceToPoint(i)<s)return!1;return!0}intersectsBox(e){let t=this.planes;for(let i=0;i<6;i++){let s=t[i];if(Co.x=s.normal.x>0?e.max.x:e.min.x,Co.y=s.normal.y>0?e.max.y:e.min.y,Co.z=s.normal.z>0?e.max.z:e.min.z,s.distanceToPoint(Co)<0)return!1}return!0}containsPoint(e){let t=this.planes;for(let i=0;i<6;i++)if(t[i].distanceToPoint(e)<0)return!1;return!0}clone(){return new this.constructor().copy(this)}},nf=new Je,ia=class n{constructor(){this.coordinateSystem=en,this._frustums=[],this._count=0}setFromArrayCamera(e){let t=e.cameras,i=this._frustums;for(let s=0;s<t.length;s++){let r=t[s];nf.multiplyMatrices(r.projectionMatrix,r.matrixWorldInverse),i[s]===void 0&&(i[s]=new Bn),i[s].setFromProjectionMatrix(nf,r.coordinateSystem,r.reversedDepth)}return this._count=t.length,this}getFrustum(e){return this._frustums[e]}intersectsObject(e){let t=this._frustums;for(let i=0;i<this._count;i++)if(t[i].intersectsObject(e))return!0;return!1}intersectsSprite(e){let t=this._frustums;for(let i=0;i<this._count;i++)if(t[i].intersectsSprite(e))return!0;return!1}intersectsSphere(e){let t=this._frustums;for(let i=0;i<this._count;i++)if(t[i].intersectsSphere(e))return!0;return!1}intersectsBox(e){let t=this._frustums;for(let i=0;i<this._count;i++)if(t[i].intersectsBox(e))return!0;return!1}containsPoint(e){let t=this._frustums;for(let i=0;i<this._count;i++)if(t[i].containsPoint(e))return!0;return!1}copy(e){this.coordinateSystem=e.coordinateSystem;let t=this._frustums,i=e._frustums;for(let s=0;s<e._count;s++)t[s]===void 0&&(t[s]=new Bn),t[s].copy(i[s]);return this._count=e._count,this}clone(){return new n().copy(this)}};var ls=class extends Fn{constructor(e){super(),this.isLineBasicMaterial=!0,this.type="LineBasicMaterial",this.color=new Ve(16777215),this.map=null,this.linewidth=1,this.linecap="round",this.linejoin="round",this.fog=!0,this.setValues(e)}copy(e){return super.copy(e),this.color.copy(e.color),this.map=e.map,this.linewidth=e.linewidth,this.linecap=e.linecap,this.linejoin=e.linejoin,this.fog=e.fog,this}},sa=new F,ra=new F,sf=new Je,Hs=new sr,No=new tn,Rc=new F,rf=new F,oa=class extends kt{constructor(e=new Xt,t=new ls){super(),this.isLine=!0,this.type="Line",this.geometry=e,this.material=t,this.morphTargetDictionary=void 0,this.morphTargetInfluences=void 0,this.updateMorphTargets()}copy(e,t){return super.copy(e,t),e.morphTargetInfluences!==void 0?this.morphTargetInfluences=e.morphTargetInfluences.slice():this.morphTargetInfluences=void 0,e.morphTargetDictionary!==void 0?this.morphTargetDictionary=Object.assign({},e.morphTargetDictionary):this.morphTargetDictionary=void 0,this.material=Array.isArray(e.material)?e.material.slice():e.material,this.geometry=e.geometry,this}computeLineDistances(){let e=this.geometry;if(e.index===null){let t=e.attributes.position,i=[0];for(let s=1,r=t.count;s<r;s++)sa.fromBufferAttribute(t,s-1),ra.fromBufferAttribute(t,s),i[s]=i[s-1],i[s]+=sa.distanceTo(ra);e.setAttribute("lineDistance",new Dt(i,1))}else Re("Line.computeLineDistances(): Computation only possible with non-indexed BufferGeometry.");return this}intersectsFrustum(e){return e.intersectsObject(this)}raycast(e,t){let i=this.geometry,s=this.matrixWorld,r=e.params.Line.threshold,o=i.drawRange;if(i.boundingSphere===null&&i.computeBoundingSphere(),No.copy(i.boundingSphere),No.applyMatrix4(s),No.radius+=r,e.ray.intersectsSphere(No)===!1)return;sf.copy(s).invert(),Hs.copy(e.ray).applyMatrix4(sf);let a=r/((this.scale.x+this.scale.y+this.scale.z)/3),c=a*a,l=this.isLineSegments?2:1,h=i.index,d=i.attributes.position;if(h!==null){let p=Math.max(0,o.start),g=Math.min(h.count,o.start+o.count);for(let v=p,f=g-1;v<f;v+=l){let m=h.getX(v),S=h.getX(v+1),w=Po(this,e,Hs,c,m,S,v);w&&t.push(w)}if(this.isLineLoop){let v=h.getX(g-1),f=h.getX(p),m=Po(this,e,Hs,c,v,f,g-1);m&&t.push(m)}}else{let p=Math.max(0,o.start),g=Math.min(d.count,o.start+o.count);for(let v=p,f=g-1;v<f;v+=l){let m=Po(this,e,Hs,c,v,v+1,v);m&&t.push(m)}if(this.isLineLoop){let v=Po(this,e,Hs,c,g-1,p,g-1);v&&t.push(v)}}}updateMorphTargets(){let t=this.geometry.morphAttributes,i=Object.keys(t);if(i.length>0){let s=t[i[0]];if(s!==void 0){this.morphTargetInfluences=[],this.morphTargetDictionary={};for(let r=0,o=s.length;r<o;r++){let a=s[r].name||String(r);this.morphTargetInfluences.push(0),this.morphTargetDictionary[a]=r}}}}};function Po(n,e,t,i,s,r,o){let a=n.geometry.attributes.position;if(sa.fromBufferAttribute(a,s),ra.fromBufferAttribute(a,r),t.distanceSqToSegment(sa,ra,Rc,rf)>i)return;Rc.applyMatrix4(n.matrixWorld);let l=e.ray.origin.distanceTo(Rc);if(!(l<e.near||l>e.far))return{distance:l,point:rf.clone().applyMatrix4(n.matrixWorld),index:o,face:null,faceIndex:null,barycoord:null,object:n}}var of=new F,af=new F,ar=class extends oa{constructor(e,t){super(e,t),this.isLineSegments=!0,this.type="LineSegments"}computeLineDistances(){let e=this.geometry;if(e.index===null){let t=e.attributes.position,i=[];for(let s=0,r=t.count;s<r;s+=2)of.fromBufferAttribute(t,s),af.fromBufferAttribute(t,s+1),i[s]=s===0?0:i[s-1],i[s+1]=i[s]+of.distanceTo(af);e.setAttribute("lineDistance",new Dt(i,1))}else Re("LineSegments.computeLineDistances(): Computation only possible with non-indexed BufferGeometry.");return this}};var lr=class extends Ot{constructor(e=[],t=Ii,i,s,r,o,a,c,l,h){super(e,t,i,s,r,o,a,c,l,h),this.isCubeTexture=!0,this.flipY=!1}get images(){return this.image}set images(e){this.image=e}},cr=class extends Ot{constructor(e,t,i,s,r,o,a,c,l){super(e,t,i,s,r,o,a,c,l),this.isCanvasTexture=!0,this.needsUpdate=!0}};var kn=class extends Ot{constructor(e,t,i=un,s,r,o,a=St,c=St,l,h=On,u=1){if(h!==On&&h!==Gn)throw new Error("THREE.DepthTexture: format must be either THREE.DepthFormat or THREE.DepthStencilFormat");let d={width:e,height:t,depth:u};super(d,s,r,o,a,c,h,i,l),this.isDepthTexture=!0,this.flipY=!1,this.generateMipmaps=!1,this.compareFunction=null}copy(e){return super.copy(e),this.source=new rs(Object.assign({},e.image)),this.compareFunction=e.compareFunction,this}toJSON(e){let t=super.toJSON(e);return t.compareFunction=this.compareFunction,t}},hr=class extends kn{constructor(e,t=un,i=Ii,s,r,o=St,a=St,c,l=On){let h={width:e,height:e,depth:1},u=[h,h,h,h,h,h];super(e,e,t,i,s,r,o,a,c,l),this.image=u,this.isCubeDepthTexture=!0,this.isCubeTexture=!0}get images(){return this.image}set images(e){this.image=e}},ur=class extends Ot{constructor(e=null){super(),this.sourceTexture=e,this.isExternalTexture=!0}copy(e){return super.copy(e),this.sourceTexture=e.sourceTexture,this}},zn=class n extends Xt{constructor(e=1,t=1,i=1,s=1,r=1,o=1){super(),this.type="BoxGeometry",this.parameters={width:e,height:t,depth:i,widthSegments:s,heightSegments:r,depthSegments:o};let a=this;s=Math.floor(s),r=Math.floor(r),o=Math.floor(o);let c=[],l=[],h=[],u=[],d=0,p=0;g("z","y","x",-1,-1,i,t,e,o,r,0),g("z","y","x",1,-1,i,t,-e,o,r,1),g("x","z","y",1,1,e,i,t,s,o,2),g("x","z","y",1,-1,e,i,-t,s,o,3),g("x","y","z",1,-1,e,t,i,s,r,4),g("x","y","z",-1,-1,e,t,-i,s,r,5),this.setIndex(c),this.setAttribute("position",new Dt(l,3)),this.setAttribute("normal",new Dt(h,3)),this.setAttribute("uv",new Dt(u,2));function g(v,f,m,S,w,E,T,A,_,M,B){let N=E/_,L=T/M,z=E/2,Y=T/2,C=A/2,W=_+1,Z=M+1,V=0,ne=0,H=new F;for(let Q=0;Q<Z;Q++){let j=Q*L-Y;for(let be=0;be<W;be++){let Le=be*N-z;H[v]=Le*S,H[f]=j*w,H[m]=C,l.push(H.x,H.y,H.z),H[v]=0,H[f]=0,H[m]=A>0?1:-1,h.push(H.x,H.y,H.z),u.push(be/_),u.push(1-Q/M),V+=1}}for(let Q=0;Q<M;Q++)for(let j=0;j<_;j++){let be=d+j+W*Q,Le=d+j+W*(Q+1),q=d+(j+1)+W*(Q+1),me=d+(j+1)+W*Q;c.push(be,Le,me),c.push(Le,q,me),ne+=6}a.addGroup(p,ne,B),p+=ne,d+=V}}copy(e){return super.copy(e),this.parameters=Object.assign({},e.parameters),this}static fromJSON(e){return new n(e.width,e.height,e.depth,e.widthSegments,e.heightSegments,e.depthSegments)}};var Lo=new F,Do=new F,Ic=new F,Uo=new xn,dr=class extends Xt{constructor(e=null,t=1){if(super(),this.type="EdgesGeometry",this.parameters={geometry:e,thresholdAngle:t},e!==null){let s=Math.pow(10,4),r=Math.cos(Vo*t),o=e.getIndex(),a=e.getAttribute("position"),c=o?o.count:a.count,l=[0,0,0],h=["a","b","c"],u=new Array(3),d=new Map,p=[];for(let g=0;g<c;g+=3){o?(l[0]=o.getX(g),l[1]=o.getX(g+1),l[2]=o.getX(g+2)):(l[0]=g,l[1]=g+1,l[2]=g+2);let{a:v,b:f,c:m}=Uo;if(v.fromBufferAttribute(a,l[0]),f.fromBufferAttribute(a,l[1]),m.fromBufferAttribute(a,l[2]),Uo.getNormal(Ic),u[0]=`${Math.round(v.x*s)},${Math.round(v.y*s)},${Math.round(v.z*s)}`,u[1]=`${Math.round(f.x*s)},${Math.round(f.y*s)},${Math.round(f.z*s)}`,u[2]=`${Math.round(m.x*s)},${Math.round(m.y*s)},${Math.round(m.z*s)}`,!(u[0]===u[1]||u[1]===u[2]||u[2]===u[0]))for(let S=0;S<3;S++){let w=(S+1)%3,E=u[S],T=u[w],A=Uo[h[S]],_=Uo[h[w]],M=`${E}_${T}`,B=`${T}_${E}`,N=d.get(B);N?(Ic.dot(N.normal)<=r&&(p.push(A.x,A.y,A.z),p.push(_.x,_.y,_.z)),d.set(B,null)):d.has(M)||d.set(M,{index0:l[S],index1:l[w],normal:Ic.clone()})}}for(let g of d.values())if(g){let{index0:v,index1:f}=g;Lo.fromBufferAttribute(a,v),Do.fromBufferAttribute(a,f),p.push(Lo.x,Lo.y,Lo.z),p.push(Do.x,Do.y,Do.z)}this.setAttribute("position",new Dt(p,3))}}copy(e){return super.copy(e),this.parameters=Object.assign({},e.parameters),this}};var fr=class n extends Xt{constructor(e=1,t=1,i=1,s=1){super(),this.type="PlaneGeometry",this.parameters={width:e,height:t,widthSegments:i,heightSegments:s};let r=e/2,o=t/2,a=Math.floor(i),c=Math.floor(s),l=a+1,h=c+1,u=e/a,d=t/c,p=[],g=[],v=[],f=[];for(let m=0;m<h;m++){let S=m*d-o;for(let w=0;w<l;w++){let E=w*u-r;g.push(E,-S,0),v.push(0,0,1),f.push(w/a),f.push(1-m/c)}}for(let m=0;m<c;m++)for(let S=0;S<a;S++){let w=S+l*m,E=S+l*(m+1),T=S+1+l*(m+1),A=S+1+l*m;p.push(w,E,A),p.push(E,T,A)}this.setIndex(p),this.setAttribute("position",new Dt(g,3)),this.setAttribute("normal",new Dt(v,3)),this.setAttribute("uv",new Dt(f,2))}copy(e){return super.copy(e),this.parameters=Object.assign({},e.parameters),this}static fromJSON(e){return new n(e.width,e.height,e.widthSegments,e.heightSegments)}};function Pi(n){let e={};for(let t in n){e[t]={};for(let i in n[t]){let s=n[t][i];if(lf(s))s.isRenderTargetTexture?(Re("UniformsUtils: Textures of render targets cannot be cloned via cloneUniforms() or mergeUniforms()."),e[t][i]=null):e[t][i]=s.clone();else if(Array.isArray(s))if(lf(s[0])){let r=[];for(let o=0,a=s.length;o<a;o++)r[o]=s[o].clone();e[t][i]=r}else e[t][i]=s.slice();else e[t][i]=s}}return e}function Ct(n){let e={};for(let t=0;t<n.length;t++){let i=Pi(n[t]);for(let s in i)e[s]=i[s]}return e}function lf(n){return n&&(n.isColor||n.isMatrix3||n.isMatrix4||n.isVector2||n.isVector3||n.isVector4||n.isTexture||n.isQuaternion)}function k0(n){let e=[];for(let t=0;t<n.length;t++)e.push(n[t].clone());return e}function ch(n){let e=n.getRenderTarget();return e===null?n.outputColorSpace:e.isXRRenderTarget===!0?e.texture.colorSpace:ze.workingColorSpace}var ep={clone:Pi,merge:Ct},z0=`void main() {
	gl_Position = projectionMatrix * modelViewMatrix * vec4( position, 1.0 );
}`,V0=`void main() {
	gl_FragColor = vec4( 1.0, 0.0, 0.0, 1.0 );
}`,Mn=class extends Fn{constructor(e){super(),this.isShaderMaterial=!0,this.type="ShaderMaterial",this.defines={},this.uniforms={},this.uniformsGroups=[],this.vertexShader=z0,this.fragmentShader=V0,this.linewidth=1,this.wireframe=!1,this.wireframeLinewidth=1,this.fog=!1,this.lights=!1,this.clipping=!1,this.forceSinglePass=!0,this.extensions={clipCullDistance:!1,multiDraw:!1},this.defaultAttributeValues={color:[1,1,1],uv:[0,0],uv1:[0,0]},this.index0AttributeName=void 0,this.uniformsNeedUpdate=!1,this.glslVersion=null,e!==void 0&&this.setValues(e)}copy(e){return super.copy(e),this.fragmentShader=e.fragmentShader,this.vertexShader=e.vertexShader,this.uniforms=Pi(e.uniforms),this.uniformsGroups=k0(e.uniformsGroups),this.defines=Object.assign({},e.defines),this.wireframe=e.wireframe,this.wireframeLinewidth=e.wireframeLinewidth,this.fog=e.fog,this.lights=e.lights,this.clipping=e.clipping,this.extensions=Object.assign({},e.extensions),this.glslVersion=e.glslVersion,this.defaultAttributeValues=Object.assign({},e.defaultAttributeValues),this.index0AttributeName=e.index0AttributeName,this.uniformsNeedUpdate=e.uniformsNeedUpdate,this}toJSON(e){let t=super.toJSON(e);t.glslVersion=this.glslVersion,t.uniforms={};for(let s in this.uniforms){let o=this.uniforms[s].value;o&&o.isTexture?t.uniforms[s]={type:"t",value:o.toJSON(e).uuid}:o&&o.isColor?t.uniforms[s]={type:"c",value:o.getHex()}:o&&o.isVector2?t.uniforms[s]={type:"v2",value:o.toArray()}:o&&o.isVector3?t.uniforms[s]={type:"v3",value:o.toArray()}:o&&o.isVector4?t.uniforms[s]={type:"v4",value:o.toArray()}:o&&o.isMatrix3?t.uniforms[s]={type:"m3",value:o.toArray()}:o&&o.isMatrix4?t.uniforms[s]={type:"m4",value:o.toArray()}:t.uniforms[s]={value:o}}Object.keys(this.defines).length>0&&(t.defines=this.defines),t.vertexShader=this.vertexShader,t.fragmentShader=this.fragmentShader,t.lights=this.lights,t.clipping=this.clipping;let i={};for(let s in this.extensions)this.extensions[s]===!0&&(i[s]=!0);return Object.keys(i).length>0&&(t.extensions=i),t}fromJSON(e,t){if(super.fromJSON(e,t),e.uniforms!==void 0)for(let i in e.uniforms){let s=e.uniforms[i];switch(this.uniforms[i]={},s.type){case"t":this.uniforms[i].value=t[s.value]||null;break;case"c":this.uniforms[i].value=new Ve().setHex(s.value);break;case"v2":this.uniforms[i].value=new ke().fromArray(s.value);break;case"v3":this.uniforms[i].value=new F().fromArray(s.value);break;case"v4":this.uniforms[i].value=new at().fromArray(s.value);break;case"m3":this.uniforms[i].value=new Ne().fromArray(s.value);break;case"m4":this.uniforms[i].value=new Je().fromArray(s.value);break;default:this.uniforms[i].value=s.value}}if(e.defines!==void 0&&(this.defines=e.defines),e.vertexShader!==void 0&&(this.vertexShader=e.vertexShader),e.fragmentShader!==void 0&&(this.fragmentShader=e.fragmentShader),e.glslVersion!==void 0&&(this.glslVersion=e.glslVersion),e.extensions!==void 0)for(let i in e.extensions)this.extensions[i]=e.extensions[i];return e.lights!==void 0&&(this.lights=e.lights),e.clipping!==void 0&&(this.clipping=e.clipping),this}},aa=class extends Mn{constructor(e){super(e),this.isRawShaderMaterial=!0,this.type="RawShaderMaterial"}};var la=class extends Fn{constructor(e){super(),this.isMeshDepthMaterial=!0,this.type="MeshDepthMaterial",this.depthPacking=Ff,this.map=null,this.alphaMap=null,this.displacementMap=null,this.displacementScale=1,this.displacementBias=0,this.wireframe=!1,this.wireframeLinewidth=1,this.setValues(e)}copy(e){return super.copy(e),this.depthPacking=e.depthPacking,this.map=e.map,this.alphaMap=e.alphaMap,this.displacementMap=e.displacementMap,this.displacementScale=e.displacementScale,this.displacementBias=e.displacementBias,this.wireframe=e.wireframe,this.wireframeLinewidth=e.wireframeLinewidth,this}},ca=class extends Fn{constructor(e){super(),this.isMeshDistanceMaterial=!0,this.type="MeshDistanceMaterial",this.map=null,this.alphaMap=null,this.displacementMap=null,this.displacementScale=1,this.displacementBias=0,this.setValues(e)}copy(e){return super.copy(e),this.map=e.map,this.alphaMap=e.alphaMap,this.displacementMap=e.displacementMap,this.displacementScale=e.displacementScale,this.displacementBias=e.displacementBias,this}};function ji(n,e){return!n||n.constructor===e?n:typeof e.BYTES_PER_ELEMENT=="number"?new e(n):Array.prototype.slice.call(n)}function Oo(n){return n!==void 0&&n.inTangents!==void 0&&n.outTangents!==void 0}var ri=class{constructor(e,t,i,s){this.parameterPositions=e,this._cachedIndex=0,this.resultBuffer=s!==void 0?s:new t.constructor(i),this.sampleValues=t,this.valueSize=i,this.settings=null,this.DefaultSettings_={}}evaluate(e){let t=this.parameterPositions,i=this._cachedIndex,s=t[i],r=t[i-1];n:{e:{let o;t:{i:if(!(e<s)){for(let a=i+2;;){if(s===void 0){if(e<r)break i;return i=t.length,this._cachedIndex=i,this.copySampleValue_(i-1)}if(i===a)break;if(r=s,s=t[++i],e<s)break e}o=t.length;break t}if(!(e>=r)){let a=t[1];e<a&&(i=2,r=a);for(let c=i-2;;){if(r===void 0)return this._cachedIndex=0,this.copySampleValue_(0);if(i===c)break;if(s=r,r=t[--i-1],e>=r)break e}o=i,i=0;break t}break n}for(;i<o;){let a=i+o>>>1;e<t[a]?o=a:i=a+1}if(s=t[i],r=t[i-1],r===void 0)return this._cachedIndex=0,this.copySampleValue_(0);if(s===void 0)return i=t.length,this._cachedIndex=i,this.copySampleValue_(i-1)}this._cachedIndex=i,this.intervalChanged_(i,r,s)}return this.interpolate_(i,r,e,s)}getSettings_(){return this.settings||this.DefaultSettings_}copySampleValue_(e){let t=this.resultBuffer,i=this.sampleValues,s=this.valueSize,r=e*s;for(let o=0;o!==s;++o)t[o]=i[r+o];return t}interpolate_(){throw new Error("THREE.Interpolant: Call to abstract method.")}intervalChanged_(){}},ha=class extends ri{constructor(e,t,i,s){super(e,t,i,s),this._weightPrev=-0,this._offsetPrev=-0,this._weightNext=-0,this._offsetNext=-0,this.DefaultSettings_={endingStart:Nc,endingEnd:Nc}}intervalChanged_(e,t,i){let s=this.parameterPositions,r=e-2,o=e+1,a=s[r],c=s[o];if(a===void 0)switch(this.getSettings_().endingStart){case Pc:r=e,a=2*t-i;break;case Lc:r=s.length-2,a=t+s[r]-s[r+1];break;default:r=e,a=i}if(c===void 0)switch(this.getSettings_().endingEnd){case Pc:o=e,c=2*i-t;break;case Lc:o=1,c=i+s[1]-s[0];break;default:o=e-1,c=t}let l=(i-t)*.5,h=this.valueSize;this._weightPrev=l/(t-a),this._weightNext=l/(c-i),this._offsetPrev=r*h,this._offsetNext=o*h}interpolate_(e,t,i,s){let r=this.resultBuffer,o=this.sampleValues,a=this.valueSize,c=e*a,l=c-a,h=this._offsetPrev,u=this._offsetNext,d=this._weightPrev,p=this._weightNext,g=(i-t)/(s-t),v=g*g,f=v*g,m=-d*f+2*d*v-d*g,S=(1+d)*f+(-1.5-2*d)*v+(-.5+d)*g+1,w=(-1-p)*f+(1.5+p)*v+.5*g,E=p*f-p*v;for(let T=0;T!==a;++T)r[T]=m*o[h+T]+S*o[l+T]+w*o[c+T]+E*o[u+T];return r}},ua=class extends ri{constructor(e,t,i,s){super(e,t,i,s)}interpolate_(e,t,i,s){let r=this.resultBuffer,o=this.sampleValues,a=this.valueSize,c=e*a,l=c-a,h=(i-t)/(s-t),u=1-h;for(let d=0;d!==a;++d)r[d]=o[l+d]*u+o[c+d]*h;return r}},da=class extends ri{constructor(e,t,i,s){super(e,t,i,s)}interpolate_(e){return this.copySampleValue_(e-1)}},fa=class extends ri{interpolate_(e,t,i,s){let r=this.resultBuffer,o=this.sampleValues,a=this.valueSize,c=e*a,l=c-a,h=this.inTangents,u=this.outTangents;if(!h||!u){let g=(i-t)/(s-t),v=1-g;for(let f=0;f!==a;++f)r[f]=o[l+f]*v+o[c+f]*g;return r}let d=a*2,p=e-1;for(let g=0;g!==a;++g){let v=o[l+g],f=o[c+g],m=p*d+g*2,S=u[m],w=u[m+1],E=e*d+g*2,T=h[E],A=h[E+1],_=H0(i,t,S,T,s);r[g]=tp(_,v,w,A,f)}return r}};function tp(n,e,t,i,s){let r=1-n;return r*r*r*e+3*r*r*n*t+3*r*n*n*i+n*n*n*s}function G0(n,e,t,i,s){let r=1-n;return 3*r*r*(t-e)+6*r*n*(i-t)+3*n*n*(s-i)}function H0(n,e,t,i,s){let r=(n-e)/(s-e);for(let o=0;o<8;o++){let a=tp(r,e,t,i,s)-n;if(Math.abs(a)<1e-10)break;let c=G0(r,e,t,i,s);if(Math.abs(c)<1e-10)break;r=Math.max(0,Math.min(1,r-a/c))}return r}var Yt=class{constructor(e,t,i,s){if(e===void 0)throw new Error("THREE.KeyframeTrack: track name is undefined");if(t===void 0||t.length===0)throw new Error("THREE.KeyframeTrack: no keyframes in track named "+e);this.name=e,this.times=ji(t,this.TimeBufferType),this.values=ji(i,this.ValueBufferType),this.setInterpolation(s||this.DefaultInterpolation)}static toJSON(e){let t=e.constructor,i;if(t.toJSON!==this.toJSON)i=t.toJSON(e);else{i={name:e.name,times:ji(e.times,Array),values:ji(e.values,Array)};let s=e.getInterpolation();s!==e.DefaultInterpolation&&(i.interpolation=s),Oo(e.settings)&&(i.settings={inTangents:ji(e.settings.inTangents,Array),outTangents:ji(e.settings.outTangents,Array)})}return i.type=e.ValueTypeName,i}InterpolantFactoryMethodDiscrete(e){return new da(this.times,this.values,this.getValueSize(),e)}InterpolantFactoryMethodLinear(e){return new ua(this.times,this.values,this.getValueSize(),e)}InterpolantFactoryMethodSmooth(e){return new ha(this.times,this.values,this.getValueSize(),e)}InterpolantFactoryMethodBezier(e){let t=new fa(this.times,this.values,this.getValueSize(),e);return this.settings&&(t.inTangents=this.settings.inTangents,t.outTangents=this.settings.outTangents),t}setInterpolation(e){let t;switch(e){case Xs:t=this.InterpolantFactoryMethodDiscrete;break;case Jo:t=this.InterpolantFactoryMethodLinear;break;case ko:t=this.InterpolantFactoryMethodSmooth;break;case Cc:t=this.InterpolantFactoryMethodBezier;break}if(t===void 0){let i="unsupported interpolation for "+this.ValueTypeName+" keyframe track named "+this.name;if(this.createInterpolant===void 0)if(e!==this.DefaultInterpolation)this.setInterpolation(this.DefaultInterpolation);else throw new Error(i);return Re("KeyframeTrack:",i),this}return this.createInterpolant=t,this}getInterpolation(){switch(this.createInterpolant){case this.InterpolantFactoryMethodDiscrete:return Xs;case this.InterpolantFactoryMethodLinear:return Jo;case this.InterpolantFactoryMethodSmooth:return ko;case this.InterpolantFactoryMethodBezier:return Cc}}getValueSize(){return this.values.length/this.times.length}shift(e){if(e!==0){let t=this.times;for(let i=0,s=t.length;i!==s;++i)t[i]+=e;Oo(this.settings)&&(cf(this.settings.inTangents,e),cf(this.settings.outTangents,e))}return this}scale(e){if(e!==1){let t=this.times;for(let i=0,s=t.length;i!==s;++i)t[i]*=e;Oo(this.settings)&&(hf(this.settings.inTangents,e),hf(this.settings.outTangents,e))}return this}trim(e,t){let i=this.times,s=i.length,r=0,o=s-1;for(;r!==s&&i[r]<e;)++r;for(;o!==-1&&i[o]>t;)--o;if(++o,r!==0||o!==s){r>=o&&(o=Math.max(o,1),r=o-1);let a=this.getValueSize();this.times=i.slice(r,o),this.values=this.values.slice(r*a,o*a)}return this}validate(){let e=!0,t=this.getValueSize();t-Math.floor(t)!==0&&(Ce("KeyframeTrack: Invalid value size in track.",this),e=!1);let i=this.times,s=this.values,r=i.length;r===0&&(Ce("KeyframeTrack: Track is empty.",this),e=!1);let o=null;for(let a=0;a!==r;a++){let c=i[a];if(typeof c=="number"&&isNaN(c)){Ce("KeyframeTrack: Time is not a valid number.",this,a,c),e=!1;break}if(o!==null&&o>c){Ce("KeyframeTrack: Out of order keys.",this,a,c,o),e=!1;break}o=c}if(s!==void 0&&x0(s))for(let a=0,c=s.length;a!==c;++a){let l=s[a];if(isNaN(l)){Ce("KeyframeTrack: Value is not a valid number.",this,a,l),e=!1;break}}return e}optimize(){let e=this.times.slice(),t=this.values.slice(),i=this.getValueSize(),s=this.getInterpolation()===ko,r=e.length-1,o=1;for(let a=1;a<r;++a){let c=!1,l=e[a],h=e[a+1];if(l!==h&&(a!==1||l!==e[0]))if(s)c=!0;else{let u=a*i,d=u-i,p=u+i;for(let g=0;g!==i;++g){let v=t[u+g];if(v!==t[d+g]||v!==t[p+g]){c=!0;break}}}if(c){if(a!==o){e[o]=e[a];let u=a*i,d=o*i;for(let p=0;p!==i;++p)t[d+p]=t[u+p]}++o}}if(r>0){e[o]=e[r];for(let a=r*i,c=o*i,l=0;l!==i;++l)t[c+l]=t[a+l];++o}return o!==e.length?(this.times=e.slice(0,o),this.values=t.slice(0,o*i)):(this.times=e,this.values=t),this}clone(){let e=this.times.slice(),t=this.values.slice(),i=this.constructor,s=new i(this.name,e,t);return s.createInterpolant=this.createInterpolant,Oo(this.settings)&&(s.settings={inTangents:this.settings.inTangents.slice(),outTangents:this.settings.outTangents.slice()}),s}};function cf(n,e){for(let t=0,i=n.length;t!==i;t+=2)n[t]+=e}function hf(n,e){for(let t=0,i=n.length;t!==i;t+=2)n[t]*=e}Yt.prototype.ValueTypeName="";Yt.prototype.TimeBufferType=Float32Array;Yt.prototype.ValueBufferType=Float32Array;Yt.prototype.DefaultInterpolation=Jo;var oi=class extends Yt{constructor(e,t,i){super(e,t,i)}};oi.prototype.ValueTypeName="bool";oi.prototype.ValueBufferType=Array;oi.prototype.DefaultInterpolation=Xs;oi.prototype.InterpolantFactoryMethodLinear=void 0;oi.prototype.InterpolantFactoryMethodSmooth=void 0;var pa=class extends Yt{constructor(e,t,i,s){super(e,t,i,s)}};pa.prototype.ValueTypeName="color";var ma=class extends Yt{constructor(e,t,i,s){super(e,t,i,s)}};ma.prototype.ValueTypeName="number";var ga=class extends ri{constructor(e,t,i,s){super(e,t,i,s)}interpolate_(e,t,i,s){let r=this.resultBuffer,o=this.sampleValues,a=this.valueSize,c=(i-t)/(s-t),l=e*a;for(let h=l+a;l!==h;l+=4)Sn.slerpFlat(r,0,o,l-a,o,l,c);return r}},pr=class extends Yt{constructor(e,t,i,s){super(e,t,i,s)}InterpolantFactoryMethodLinear(e){return new ga(this.times,this.values,this.getValueSize(),e)}};pr.prototype.ValueTypeName="quaternion";pr.prototype.InterpolantFactoryMethodSmooth=void 0;var ai=class extends Yt{constructor(e,t,i){super(e,t,i)}};ai.prototype.ValueTypeName="string";ai.prototype.ValueBufferType=Array;ai.prototype.DefaultInterpolation=Xs;ai.prototype.InterpolantFactoryMethodLinear=void 0;ai.prototype.InterpolantFactoryMethodSmooth=void 0;var _a=class extends Yt{constructor(e,t,i,s){super(e,t,i,s)}};_a.prototype.ValueTypeName="vector";var xa=class{constructor(e,t,i){let s=this,r=!1,o=0,a=0,c,l=[];this.onStart=void 0,this.onLoad=e,this.onProgress=t,this.onError=i,this._abortController=null,this.itemStart=function(h){a++,r===!1&&s.onStart!==void 0&&s.onStart(h,o,a),r=!0},this.itemEnd=function(h){o++,s.onProgress!==void 0&&s.onProgress(h,o,a),o===a&&(r=!1,s.onLoad!==void 0&&s.onLoad())},this.itemError=function(h){s.onError!==void 0&&s.onError(h)},this.resolveURL=function(h){return h=h.normalize("NFC"),c?c(h):h},this.setURLModifier=function(h){return c=h,this},this.addHandler=function(h,u){return l.push(h,u),this},this.removeHandler=function(h){let u=l.indexOf(h);return u!==-1&&l.splice(u,2),this},this.getHandler=function(h){for(let u=0,d=l.length;u<d;u+=2){let p=l[u],g=l[u+1];if(p.global&&(p.lastIndex=0),p.test(h))return g}return null},this.abort=function(){return this.abortController.abort(),this._abortController=null,this}}get abortController(){return this._abortController||(this._abortController=new AbortController),this._abortController}},np=new xa,ya=class{constructor(e){this.manager=e!==void 0?e:np,this.crossOrigin="anonymous",this.withCredentials=!1,this.path="",this.resourcePath="",this.requestHeader={},this.priority="auto",this.cache="default",typeof __THREE_DEVTOOLS__<"u"&&__THREE_DEVTOOLS__.dispatchEvent(new CustomEvent("observe",{detail:this}))}load(){}loadAsync(e,t){let i=this;return new Promise(function(s,r){i.load(e,s,t,r)})}parse(){}setCrossOrigin(e){return this.crossOrigin=e,this}setWithCredentials(e){return this.withCredentials=e,this}setPath(e){return this.path=e,this}setResourcePath(e){return this.resourcePath=e,this}setRequestHeader(e){return this.requestHeader=e,this}setPriority(e){return this.priority=e,this}setCache(e){return this.cache=e,this}abort(){return this}};ya.DEFAULT_MATERIAL_NAME="__DEFAULT";var Fo=new F,Bo=new Sn,_n=new F,mr=class extends kt{constructor(){super(),this.isCamera=!0,this.type="Camera",this.matrixWorldInverse=new Je,this.projectionMatrix=new Je,this.projectionMatrixInverse=new Je,this.coordinateSystem=en,this._reversedDepth=!1}get reversedDepth(){return this._reversedDepth}copy(e,t){return super.copy(e,t),this.matrixWorldInverse.copy(e.matrixWorldInverse),this.projectionMatrix.copy(e.projectionMatrix),this.projectionMatrixInverse.copy(e.projectionMatrixInverse),this.coordinateSystem=e.coordinateSystem,this}getWorldDirection(e){return super.getWorldDirection(e).negate()}updateMatrixWorld(e){super.updateMatrixWorld(e),this.matrixWorld.decompose(Fo,Bo,_n),_n.x===1&&_n.y===1&&_n.z===1?this.matrixWorldInverse.copy(this.matrixWorld).invert():this.matrixWorldInverse.compose(Fo,Bo,_n.set(1,1,1)).invert()}updateWorldMatrix(e,t,i=!1){super.updateWorldMatrix(e,t,i),this.matrixWorld.decompose(Fo,Bo,_n),_n.x===1&&_n.y===1&&_n.z===1?this.matrixWorldInverse.copy(this.matrixWorld).invert():this.matrixWorldInverse.compose(Fo,Bo,_n.set(1,1,1)).invert()}clone(){return new this.constructor().copy(this)}},ti=new F,uf=new ke,df=new ke,Lt=class extends mr{constructor(e=50,t=1,i=.1,s=2e3){super(),this.isPerspectiveCamera=!0,this.type="PerspectiveCamera",this.fov=e,this.zoom=1,this.near=i,this.far=s,this.focus=10,this.aspect=t,this.view=null,this.filmGauge=35,this.filmOffset=0,this.updateProjectionMatrix()}copy(e,t){return super.copy(e,t),this.fov=e.fov,this.zoom=e.zoom,this.near=e.near,this.far=e.far,this.focus=e.focus,this.aspect=e.aspect,this.view=e.view===null?null:Object.assign({},e.view),this.filmGauge=e.filmGauge,this.filmOffset=e.filmOffset,this}setFocalLength(e){let t=.5*this.getFilmHeight()/e;this.fov=Qo*2*Math.atan(t),this.updateProjectionMatrix()}getFocalLength(){let e=Math.tan(Vo*.5*this.fov);return .5*this.getFilmHeight()/e}getEffectiveFOV(){return Qo*2*Math.atan(Math.tan(Vo*.5*this.fov)/this.zoom)}getFilmWidth(){return this.filmGauge*Math.min(this.aspect,1)}getFilmHeight(){return this.filmGauge/Math.max(this.aspect,1)}getViewBounds(e,t,i){ti.set(-1,-1,.5).applyMatrix4(this.projectionMatrixInverse),t.set(ti.x,ti.y).multiplyScalar(-e/ti.z),ti.set(1,1,.5).applyMatrix4(this.projectionMatrixInverse),i.set(ti.x,ti.y).multiplyScalar(-e/ti.z)}getViewSize(e,t){return this.getViewBounds(e,uf,df),t.subVectors(df,uf)}setViewOffset(e,t,i,s,r,o){this.aspect=e/t,this.view===null&&(this.view={enabled:!0,fullWidth:1,fullHeight:1,offsetX:0,offsetY:0,width:1,height:1}),this.view.enabled=!0,this.view.fullWidth=e,this.view.fullHeight=t,this.view.offsetX=i,this.view.offsetY=s,this.view.width=r,this.view.height=o,this.updateProjectionMatrix()}clearViewOffset(){this.view!==null&&(this.view.enabled=!1),this.updateProjectionMatrix()}updateProjectionMatrix(){let e=this.near,t=e*Math.tan(Vo*.5*this.fov)/this.zoom,i=2*t,s=this.aspect*i,r=-.5*s,o=this.view;if(this.view!==null&&this.view.enabled){let c=o.fullWidth,l=o.fullHeight;r+=o.offsetX*s/c,t-=o.offsetY*i/l,s*=o.width/c,i*=o.height/l}let a=this.filmOffset;a!==0&&(r+=e*a/this.getFilmWidth()),this.projectionMatrix.makePerspective(r,r+s,t,t-i,e,this.far,this.coordinateSystem,this.reversedDepth),this.projectionMatrixInverse.copy(this.projectionMatrix).invert()}toJSON(e){let t=super.toJSON(e);return t.object.fov=this.fov,t.object.zoom=this.zoom,t.object.near=this.near,t.object.far=this.far,t.object.focus=this.focus,t.object.aspect=this.aspect,this.view!==null&&(t.object.view=Object.assign({},this.view)),t.object.filmGauge=this.filmGauge,t.object.filmOffset=this.filmOffset,t}};var va=class extends mr{constructor(e=-1,t=1,i=1,s=-1,r=.1,o=2e3){super(),this.isOrthographicCamera=!0,this.type="OrthographicCamera",this.zoom=1,this.view=null,this.left=e,this.right=t,this.top=i,this.bottom=s,this.near=r,this.far=o,this.updateProjectionMatrix()}copy(e,t){return super.copy(e,t),this.left=e.left,this.right=e.right,this.top=e.top,this.bottom=e.bottom,this.near=e.near,this.far=e.far,this.zoom=e.zoom,this.view=e.view===null?null:Object.assign({},e.view),this}setViewOffset(e,t,i,s,r,o){this.view===null&&(this.view={enabled:!0,fullWidth:1,fullHeight:1,offsetX:0,offsetY:0,width:1,height:1}),this.view.enabled=!0,this.view.fullWidth=e,this.view.fullHeight=t,this.view.offsetX=i,this.view.offsetY=s,this.view.width=r,this.view.height=o,this.updateProjectionMatrix()}clearViewOffset(){this.view!==null&&(this.view.enabled=!1),this.updateProjectionMatrix()}updateProjectionMatrix(){let e=(this.right-this.left)/(2*this.zoom),t=(this.top-this.bottom)/(2*this.zoom),i=(this.right+this.left)/2,s=(this.top+this.bottom)/2,r=i-e,o=i+e,a=s+t,c=s-t;if(this.view!==null&&this.view.enabled){let l=(this.right-this.left)/this.view.fullWidth/this.zoom,h=(this.top-this.bottom)/this.view.fullHeight/this.zoom;r+=l*this.view.offsetX,o=r+l*this.view.width,a-=h*this.view.offsetY,c=a-h*this.view.height}this.projectionMatrix.makeOrthographic(r,o,a,c,this.near,this.far,this.coordinateSystem,this.reversedDepth),this.projectionMatrixInverse.copy(this.projectionMatrix).invert()}toJSON(e){let t=super.toJSON(e);return t.object.zoom=this.zoom,t.object.left=this.left,t.object.right=this.right,t.object.top=this.top,t.object.bottom=this.bottom,t.object.near=this.near,t.object.far=this.far,this.view!==null&&(t.object.view=Object.assign({},this.view)),t}};var es=-90,ts=1,cs=class extends kt{constructor(e,t,i){super(),this.type="CubeCamera",this.renderTarget=i,this.coordinateSystem=null,this.activeMipmapLevel=0;let s=new Lt(es,ts,e,t);s.layers=this.layers,this.add(s);let r=new Lt(es,ts,e,t);r.layers=this.layers,this.add(r);let o=new Lt(es,ts,e,t);o.layers=this.layers,this.add(o);let a=new Lt(es,ts,e,t);a.layers=this.layers,this.add(a);let c=new Lt(es,ts,e,t);c.layers=this.layers,this.add(c);let l=new Lt(es,ts,e,t);l.layers=this.layers,this.add(l)}updateCoordinateSystem(){let e=this.coordinateSystem,t=this.children.concat(),[i,s,r,o,a,c]=t;for(let l of t)this.remove(l);if(e===en)i.up.set(0,1,0),i.lookAt(1,0,0),s.up.set(0,1,0),s.lookAt(-1,0,0),r.up.set(0,0,-1),r.lookAt(0,1,0),o.up.set(0,0,1),o.lookAt(0,-1,0),a.up.set(0,1,0),a.lookAt(0,0,1),c.up.set(0,1,0),c.lookAt(0,0,-1);else if(e===Ks)i.up.set(0,-1,0),i.lookAt(-1,0,0),s.up.set(0,-1,0),s.lookAt(1,0,0),r.up.set(0,0,1),r.lookAt(0,1,0),o.up.set(0,0,-1),o.lookAt(0,-1,0),a.up.set(0,-1,0),a.lookAt(0,0,1),c.up.set(0,-1,0),c.lookAt(0,0,-1);else throw new Error("THREE.CubeCamera.updateCoordinateSystem(): Invalid coordinate system: "+e);for(let l of t)this.add(l),l.updateMatrixWorld()}update(e,t){this.parent===null&&this.updateMatrixWorld();let{renderTarget:i,activeMipmapLevel:s}=this;this.coordinateSystem!==e.coordinateSystem&&(this.coordinateSystem=e.coordinateSystem,this.updateCoordinateSystem());let[r,o,a,c,l,h]=this.children,u=e.getRenderTarget(),d=e.getActiveCubeFace(),p=e.getActiveMipmapLevel(),g=e.xr.enabled;e.xr.enabled=!1;let v=i.texture.mipmapsAutoUpdate;i.texture.mipmapsAutoUpdate=!1;let f=!1;e.isWebGLRenderer===!0?f=e.state.buffers.depth.getReversed():f=e.reversedDepthBuffer,e.setRenderTarget(i,0,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,r),e.setRenderTarget(i,1,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,o),e.setRenderTarget(i,2,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,a),e.setRenderTarget(i,3,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,c),e.setRenderTarget(i,4,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,l),i.texture.mipmapsAutoUpdate=v,e.setRenderTarget(i,5,s),f&&e.autoClear===!1&&e.clearDepth(),e.render(t,h),e.setRenderTarget(u,d,p),e.xr.enabled=g,i.texture.needsPMREMUpdate=!0}},Sa=class extends Lt{constructor(e=[]){super(),this.isArrayCamera=!0,this.isMultiViewCamera=!1,this.cameras=e,this.perCameraFrustumCulled=!1}};var hh="\\[\\]\\.:\\/",W0=new RegExp("["+hh+"]","g"),uh="[^"+hh+"]",X0="[^"+hh.replace("\\.","")+"]",Y0=/((?:WC+[\/:])*)/.source.replace("WC",uh),K0=/(WCOD+)?/.source.replace("WCOD",X0),q0=/(?:\.(WC+)(?:\[(.+)\])?)?/.source.replace("WC",uh),$0=/\.(WC+)(?:\[(.+)\])?/.source.replace("WC",uh),Z0=new RegExp("^"+Y0+K0+q0+$0+"$"),J0=["material","materials","bones","map"],Dc=class{constructor(e,t,i){let s=i||nt.parseTrackName(t);this._targetGroup=e,this._bindings=e.subscribe_(t,s)}getValue(e,t){this.bind();let i=this._targetGroup.nCachedObjects_,s=this._bindings[i];s!==void 0&&s.getValue(e,t)}setValue(e,t){let i=this._bindings;for(let s=this._targetGroup.nCachedObjects_,r=i.length;s!==r;++s)i[s].setValue(e,t)}bind(){let e=this._bindings;for(let t=this._targetGroup.nCachedObjects_,i=e.length;t!==i;++t)e[t].bind()}unbind(){let e=this._bindings;for(let t=this._targetGroup.nCachedObjects_,i=e.length;t!==i;++t)e[t].unbind()}},nt=class n{constructor(e,t,i){this.path=t,this.parsedPath=i||n.parseTrackName(t),this.node=n.findNode(e,this.parsedPath.nodeName),this.rootNode=e,this.getValue=this._getValue_unbound,this.setValue=this._setValue_unbound}static create(e,t,i){return e&&e.isAnimationObjectGroup?new n.Composite(e,t,i):new n(e,t,i)}static sanitizeNodeName(e){return e.replace(/\s/g,"_").replace(W0,"")}static parseTrackName(e){let t=Z0.exec(e);if(t===null)throw new Error("THREE.PropertyBinding: Cannot parse trackName: "+e);let i={nodeName:t[2],objectName:t[3],objectIndex:t[4],propertyName:t[5],propertyIndex:t[6]},s=i.nodeName&&i.nodeName.lastIndexOf(".");if(s!==void 0&&s!==-1){let r=i.nodeName.substring(s+1);J0.indexOf(r)!==-1&&(i.nodeName=i.nodeName.substring(0,s),i.objectName=r)}if(i.propertyName===null||i.propertyName.length===0)throw new Error("THREE.PropertyBinding: can not parse propertyName from trackName: "+e);return i}static findNode(e,t){if(t===void 0||t===""||t==="."||t===-1||t===e.name||t===e.uuid)return e;if(e.skeleton){let i=e.skeleton.getBoneByName(t);if(i!==void 0)return i}if(e.children){let i=function(r){for(let o=0;o<r.length;o++){let a=r[o];if(a.name===t||a.uuid===t)return a;let c=i(a.children);if(c)return c}return null},s=i(e.children);if(s)return s}return null}_getValue_unavailable(){}_setValue_unavailable(){}_getValue_direct(e,t){e[t]=this.targetObject[this.propertyName]}_getValue_array(e,t){let i=this.resolvedProperty;for(let s=0,r=i.length;s!==r;++s)e[t++]=i[s]}_getValue_arrayElement(e,t){e[t]=this.resolvedProperty[this.propertyIndex]}_getValue_toArray(e,t){this.resolvedProperty.toArray(e,t)}_setValue_direct(e,t){this.targetObject[this.propertyName]=e[t]}_setValue_direct_setNeedsUpdate(e,t){this.targetObject[this.propertyName]=e[t],this.targetObject.needsUpdate=!0}_setValue_direct_setMatrixWorldNeedsUpdate(e,t){this.targetObject[this.propertyName]=e[t],this.targetObject.matrixWorldNeedsUpdate=!0}_setValue_array(e,t){let i=this.resolvedProperty;for(let s=0,r=i.length;s!==r;++s)i[s]=e[t++]}_setValue_array_setNeedsUpdate(e,t){let i=this.resolvedProperty;for(let s=0,r=i.length;s!==r;++s)i[s]=e[t++];this.targetObject.needsUpdate=!0}_setValue_array_setMatrixWorldNeedsUpdate(e,t){let i=this.resolvedProperty;for(let s=0,r=i.length;s!==r;++s)i[s]=e[t++];this.targetObject.matrixWorldNeedsUpdate=!0}_setValue_arrayElement(e,t){this.resolvedProperty[this.propertyIndex]=e[t]}_setValue_arrayElement_setNeedsUpdate(e,t){this.resolvedProperty[this.propertyIndex]=e[t],this.targetObject.needsUpdate=!0}_setValue_arrayElement_setMatrixWorldNeedsUpdate(e,t){this.resolvedProperty[this.propertyIndex]=e[t],this.targetObject.matrixWorldNeedsUpdate=!0}_setValue_fromArray(e,t){this.resolvedProperty.fromArray(e,t)}_setValue_fromArray_setNeedsUpdate(e,t){this.resolvedProperty.fromArray(e,t),this.targetObject.needsUpdate=!0}_setValue_fromArray_setMatrixWorldNeedsUpdate(e,t){this.resolvedProperty.fromArray(e,t),this.targetObject.matrixWorldNeedsUpdate=!0}_getValue_unbound(e,t){this.bind(),this.getValue(e,t)}_setValue_unbound(e,t){this.bind(),this.setValue(e,t)}bind(){let e=this.node,t=this.parsedPath,i=t.objectName,s=t.propertyName,r=t.propertyIndex;if(e||(e=n.findNode(this.rootNode,t.nodeName),this.node=e),this.getValue=this._getValue_unavailable,this.setValue=this._setValue_unavailable,!e){Re("PropertyBinding: No target node found for track: "+this.path+".");return}if(i){let l=t.objectIndex;switch(i){case"materials":if(!e.material){Ce("PropertyBinding: Can not bind to material as node does not have a material.",this);return}if(!e.material.materials){Ce("PropertyBinding: Can not bind to material.materials as node.material does not have a materials array.",this);return}e=e.material.materials;break;case"bones":if(!e.skeleton){Ce("PropertyBinding: Can not bind to bones as node does not have a skeleton.",this);return}e=e.skeleton.bones;for(let h=0;h<e.length;h++)if(e[h].name===l){l=h;break}break;case"map":if("map"in e){e=e.map;break}if(!e.material){Ce("PropertyBinding: Can not bind to material as node does not have a material.",this);return}if(!e.material.map){Ce("PropertyBinding: Can not bind to material.map as node.material does not have a map.",this);return}e=e.material.map;break;default:if(e[i]===void 0){Ce("PropertyBinding: Can not bind to objectName of node undefined.",this);return}e=e[i]}if(l!==void 0){if(e[l]===void 0){Ce("PropertyBinding: Trying to bind to objectIndex of objectName, but is undefined.",this,e);return}e=e[l]}}let o=e[s];if(o===void 0){let l=t.nodeName;Ce("PropertyBinding: Trying to update property for track: "+l+"."+s+" but it wasn't found.",e);return}let a=this.Versioning.None;this.targetObject=e,e.isMaterial===!0?a=this.Versioning.NeedsUpdate:e.isObject3D===!0&&(a=this.Versioning.MatrixWorldNeedsUpdate);let c=this.BindingType.Direct;if(r!==void 0){if(s==="morphTargetInfluences"){if(!e.geometry){Ce("PropertyBinding: Can not bind to morphTargetInfluences because node does not have a geometry.",this);return}if(!e.geometry.morphAttributes){Ce("PropertyBinding: Can not bind to morphTargetInfluences because node does not have a geometry.morphAttributes.",this);return}e.morphTargetDictionary[r]!==void 0&&(r=e.morphTargetDictionary[r])}c=this.BindingType.ArrayElement,this.resolvedProperty=o,this.propertyIndex=r}else o.fromArray!==void 0&&o.toArray!==void 0?(c=this.BindingType.HasFromToArray,this.resolvedProperty=o):Array.isArray(o)?(c=this.BindingType.EntireArray,this.resolvedProperty=o):this.propertyName=s;this.getValue=this.GetterByBindingType[c],this.setValue=this.SetterByBindingTypeAndVersioning[c][a]}unbind(){this.node=null,this.getValue=this._getValue_unbound,this.setValue=this._setValue_unbound}};nt.Composite=Dc;nt.prototype.BindingType={Direct:0,EntireArray:1,ArrayElement:2,HasFromToArray:3};nt.prototype.Versioning={None:0,NeedsUpdate:1,MatrixWorldNeedsUpdate:2};nt.prototype.GetterByBindingType=[nt.prototype._getValue_direct,nt.prototype._getValue_array,nt.prototype._getValue_arrayElement,nt.prototype._getValue_toArray];nt.prototype.SetterByBindingTypeAndVersioning=[[nt.prototype._setValue_direct,nt.prototype._setValue_direct_setNeedsUpdate,nt.prototype._setValue_direct_setMatrixWorldNeedsUpdate],[nt.prototype._setValue_array,nt.prototype._setValue_array_setNeedsUpdate,nt.prototype._setValue_array_setMatrixWorldNeedsUpdate],[nt.prototype._setValue_arrayElement,nt.prototype._setValue_arrayElement_setNeedsUpdate,nt.prototype._setValue_arrayElement_setMatrixWorldNeedsUpdate],[nt.prototype._setValue_fromArray,nt.prototype._setValue_fromArray_setNeedsUpdate,nt.prototype._setValue_fromArray_setMatrixWorldNeedsUpdate]];var pE=new Float32Array(1);var Uc=class{static{this.prototype.isMatrix2=!0}constructor(e,t,i,s){this.elements=[1,0,0,1],e!==void 0&&this.set(e,t,i,s)}identity(){return this.set(1,0,0,1),this}fromArray(e,t=0){for(let i=0;i<4;i++)this.elements[i]=e[i+t];return this}set(e,t,i,s){let r=this.elements;return r[0]=e,r[2]=t,r[1]=i,r[3]=s,this}};function dh(n,e,t,i){let s=Q0(i);switch(t){case th:return n*e;case Ra:return n*e/s.components*s.byteLength;case Ia:return n*e/s.components*s.byteLength;case li:return n*e*2/s.components*s.byteLength;case Ca:return n*e*2/s.components*s.byteLength;case nh:return n*e*3/s.components*s.byteLength;case fn:return n*e*4/s.components*s.byteLength;case Na:return n*e*4/s.components*s.byteLength;case xr:case yr:return Math.floor((n+3)/4)*Math.floor((e+3)/4)*8;case vr:case Sr:return Math.floor((n+3)/4)*Math.floor((e+3)/4)*16;case La:case Ua:return Math.max(n,16)*Math.max(e,8)/4;case Pa:case Da:return Math.max(n,8)*Math.max(e,8)/2;case Oa:case Fa:case ka:case za:return Math.floor((n+3)/4)*Math.floor((e+3)/4)*8;case Ba:case br:case Va:return Math.floor((n+3)/4)*Math.floor((e+3)/4)*16;case Ga:return Math.floor((n+3)/4)*Math.floor((e+3)/4)*16;case Ha:return Math.floor((n+4)/5)*Math.floor((e+3)/4)*16;case Wa:return Math.floor((n+4)/5)*Math.floor((e+4)/5)*16;case Xa:return Math.floor((n+5)/6)*Math.floor((e+4)/5)*16;case Ya:return Math.floor((n+5)/6)*Math.floor((e+5)/6)*16;case Ka:return Math.floor((n+7)/8)*Math.floor((e+4)/5)*16;case qa:return Math.floor((n+7)/8)*Math.floor((e+5)/6)*16;case $a:return Math.floor((n+7)/8)*Math.floor((e+7)/8)*16;case Za:return Math.floor((n+9)/10)*Math.floor((e+4)/5)*16;case Ja:return Math.floor((n+9)/10)*Math.floor((e+5)/6)*16;case Qa:return Math.floor((n+9)/10)*Math.floor((e+7)/8)*16;case ja:return Math.floor((n+9)/10)*Math.floor((e+9)/10)*16;case el:return Math.floor((n+11)/12)*Math.floor((e+9)/10)*16;case tl:return Math.floor((n+11)/12)*Math.floor((e+11)/12)*16;case nl:case il:case sl:return Math.ceil(n/4)*Math.ceil(e/4)*16;case rl:case ol:return Math.ceil(n/4)*Math.ceil(e/4)*8;case Mr:case al:return Math.ceil(n/4)*Math.ceil(e/4)*16}throw new Error(`Unable to determine texture byte length for ${t} format.`)}function Q0(n){switch(n){case Kt:case Jc:return{byteLength:1,components:1};case fs:case Qc:case dn:return{byteLength:2,components:1};case Ta:case wa:return{byteLength:2,components:4};case un:case Aa:case sn:return{byteLength:4,components:1};case jc:case eh:return{byteLength:4,components:3}}throw new Error(`THREE.TextureUtils: Unknown texture type ${n}.`)}typeof __THREE_DEVTOOLS__<"u"&&__THREE_DEVTOOLS__.dispatchEvent(new CustomEvent("register",{detail:{revision:"187"}}));typeof window<"u"&&(window.__THREE__?Re("WARNING: Multiple instances of Three.js being imported."):window.__THREE__="187");function Ep(){let n=null,e=!1,t=null,i=null;function s(r,o){i=n.requestAnimationFrame(s),t(r,o)}return{start:function(){e!==!0&&t!==null&&n!==null&&(i=n.requestAnimationFrame(s),e=!0)},stop:function(){n!==null&&n.cancelAnimationFrame(i),e=!1},setAnimationLoop:function(r){t=r},setContext:function(r){n=r}}}function e_(n){let e=new WeakMap;function t(a,c){let l=a.array,h=a.usage,u=l.byteLength,d=n.createBuffer();n.bindBuffer(c,d),n.bufferData(c,l,h),a.onUploadCallback();let p;if(l instanceof Float32Array)p=n.FLOAT;else if(typeof Float16Array<"u"&&l instanceof Float16Array)p=n.HALF_FLOAT;else if(l instanceof Uint16Array)a.isFloat16BufferAttribute?p=n.HALF_FLOAT:p=n.UNSIGNED_SHORT;else if(l instanceof Int16Array)p=n.SHORT;else if(l instanceof Uint32Array)p=n.UNSIGNED_INT;else if(l instanceof Int32Array)p=n.INT;else if(l instanceof Int8Array)p=n.BYTE;else if(l instanceof Uint8Array)p=n.UNSIGNED_BYTE;else if(l instanceof Uint8ClampedArray)p=n.UNSIGNED_BYTE;else throw new Error("THREE.WebGLAttributes: Unsupported buffer data format: "+l);return{buffer:d,type:p,bytesPerElement:l.BYTES_PER_ELEMENT,version:a.version,size:u}}function i(a,c,l){let h=c.array,u=c.updateRanges;if(n.bindBuffer(l,a),u.length===0)n.bufferSubData(l,0,h);else{u.sort((p,g)=>p.start-g.start);let d=0;for(let p=1;p<u.length;p++){let g=u[d],v=u[p];v.start<=g.start+g.count+1?g.count=Math.max(g.count,v.start+v.count-g.start):(++d,u[d]=v)}u.length=d+1;for(let p=0,g=u.length;p<g;p++){let v=u[p];n.bufferSubData(l,v.start*h.BYTES_PER_ELEMENT,h,v.start,v.count)}c.clearUpdateRanges()}c.onUploadCallback()}function s(a){return a.isInterleavedBufferAttribute&&(a=a.data),e.get(a)}function r(a){a.isInterleavedBufferAttribute&&(a=a.data);let c=e.get(a);c&&(n.deleteBuffer(c.buffer),e.delete(a))}function o(a,c){if(a.isInterleavedBufferAttribute&&(a=a.data),a.isGLBufferAttribute){let h=e.get(a);(!h||h.version<a.version)&&e.set(a,{buffer:a.buffer,type:a.type,bytesPerElement:a.elementSize,version:a.version});return}let l=e.get(a);if(l===void 0)e.set(a,t(a,c));else if(l.version<a.version){if(l.size!==a.array.byteLength)throw new Error("THREE.WebGLAttributes: The size of the buffer attribute's array buffer does not match the original size. Resizing buffer attributes is not supported.");i(l.buffer,a,c),l.version=a.version}}return{get:s,remove:r,update:o}}var t_=`#ifdef USE_ALPHAHASH
	if ( diffuseColor.a < getAlphaHashThreshold( vPosition ) ) discard;
#endif`,n_=`#ifdef USE_ALPHAHASH
	const float ALPHA_HASH_SCALE = 0.05;
	float hash2D( vec2 value ) {
		return fract( 1.0e4 * sin( 17.0 * value.x + 0.1 * value.y ) * ( 0.1 + abs( sin( 13.0 * value.y + value.x ) ) ) );
	}
	float hash3D( vec3 value ) {
		return hash2D( vec2( hash2D( value.xy ), value.z ) );
	}
	float getAlphaHashThreshold( vec3 position ) {
		float maxDeriv = max(
			length( dFdx( position.xyz ) ),
			length( dFdy( position.xyz ) )
		);
		float pixScale = 1.0 / ( ALPHA_HASH_SCALE * maxDeriv );
		vec2 pixScales = vec2(
			exp2( floor( log2( pixScale ) ) ),
			exp2( ceil( log2( pixScale ) ) )
		);
		vec2 alpha = vec2(
			hash3D( floor( pixScales.x * position.xyz ) ),
			hash3D( floor( pixScales.y * position.xyz ) )
		);
		float lerpFactor = fract( log2( pixScale ) );
		float x = ( 1.0 - lerpFactor ) * alpha.x + lerpFactor * alpha.y;
		float a = min( lerpFactor, 1.0 - lerpFactor );
		vec3 cases = vec3(
			x * x / ( 2.0 * a * ( 1.0 - a ) ),
			( x - 0.5 * a ) / ( 1.0 - a ),
			1.0 - ( ( 1.0 - x ) * ( 1.0 - x ) / ( 2.0 * a * ( 1.0 - a ) ) )
		);
		float threshold = ( x < ( 1.0 - a ) )
			? ( ( x < a ) ? cases.x : cases.y )
			: cases.z;
		return clamp( threshold , 1.0e-6, 1.0 );
	}
#endif`,i_=`#ifdef USE_ALPHAMAP
	diffuseColor.a *= texture2D( alphaMap, vAlphaMapUv ).g;
#endif`,s_=`#ifdef USE_ALPHAMAP
	uniform sampler2D alphaMap;
#endif`,r_=`#ifdef USE_ALPHATEST
	#ifdef ALPHA_TO_COVERAGE
	diffuseColor.a = smoothstep( alphaTest, alphaTest + fwidth( diffuseColor.a ), diffuseColor.a );
	if ( diffuseColor.a == 0.0 ) discard;
	#else
	if ( diffuseColor.a < alphaTest ) discard;
	#endif
#endif`,o_=`#ifdef USE_ALPHATEST
	uniform float alphaTest;
#endif`,a_=`#ifdef USE_AOMAP
	float ambientOcclusion = ( texture2D( aoMap, vAoMapUv ).r - 1.0 ) * aoMapIntensity + 1.0;
	reflectedLight.indirectDiffuse *= ambientOcclusion;
	#if defined( USE_CLEARCOAT ) 
		clearcoatSpecularIndirect *= ambientOcclusion;
	#endif
	#if defined( USE_SHEEN ) 
		sheenSpecularIndirect *= ambientOcclusion;
	#endif
	#if defined( USE_ENVMAP ) && defined( STANDARD )
		float dotNV = saturate( dot( geometryNormal, geometryViewDir ) );
		reflectedLight.indirectSpecular *= computeSpecularOcclusion( dotNV, ambientOcclusion, material.roughness );
	#endif
#endif`,l_=`#ifdef USE_AOMAP
	uniform sampler2D aoMap;
	uniform float aoMapIntensity;
#endif`,c_=`#ifdef USE_BATCHING
	#if ! defined( GL_ANGLE_multi_draw )
	#define gl_DrawID _gl_DrawID
	uniform int _gl_DrawID;
	#endif
	uniform highp sampler2D batchingTexture;
	uniform highp usampler2D batchingIdTexture;
	mat4 getBatchingMatrix( const in float i ) {
		int size = textureSize( batchingTexture, 0 ).x;
		int j = int( i ) * 4;
		int x = j % size;
		int y = j / size;
		vec4 v1 = texelFetch( batchingTexture, ivec2( x, y ), 0 );
		vec4 v2 = texelFetch( batchingTexture, ivec2( x + 1, y ), 0 );
		vec4 v3 = texelFetch( batchingTexture, ivec2( x + 2, y ), 0 );
		vec4 v4 = texelFetch( batchingTexture, ivec2( x + 3, y ), 0 );
		return mat4( v1, v2, v3, v4 );
	}
	float getIndirectIndex( const in int i ) {
		int size = textureSize( batchingIdTexture, 0 ).x;
		int x = i % size;
		int y = i / size;
		return float( texelFetch( batchingIdTexture, ivec2( x, y ), 0 ).r );
	}
#endif
#ifdef USE_BATCHING_COLOR
	uniform sampler2D batchingColorTexture;
	vec4 getBatchingColor( const in float i ) {
		int size = textureSize( batchingColorTexture, 0 ).x;
		int j = int( i );
		int x = j % size;
		int y = j / size;
		return texelFetch( batchingColorTexture, ivec2( x, y ), 0 );
	}
#endif`,h_=`#ifdef USE_BATCHING
	mat4 batchingMatrix = getBatchingMatrix( getIndirectIndex( gl_DrawID ) );
#endif`,u_=`vec3 transformed = vec3( position );
#ifdef USE_ALPHAHASH
	vPosition = vec3( position );
#endif`,d_=`vec3 objectNormal = vec3( normal );
#ifdef USE_TANGENT
	vec3 objectTangent = vec3( tangent.xyz );
#endif`,f_=`float G_BlinnPhong_Implicit( ) {
	return 0.25;
}
float D_BlinnPhong( const in float shininess, const in float dotNH ) {
	return RECIPROCAL_PI * ( shininess * 0.5 + 1.0 ) * pow( dotNH, shininess );
}
vec3 BRDF_BlinnPhong( const in vec3 lightDir, const in vec3 viewDir, const in vec3 normal, const in vec3 specularColor, const in float shininess ) {
	vec3 halfDir = normalize( lightDir + viewDir );
	float dotNH = saturate( dot( normal, halfDir ) );
	float dotVH = saturate( dot( viewDir, halfDir ) );
	vec3 F = F_Schlick( specularColor, 1.0, dotVH );
	float G = G_BlinnPhong_Implicit( );
	float D = D_BlinnPhong( shininess, dotNH );
	return F * ( G * D );
} // validated`,p_=`#ifdef USE_IRIDESCENCE
	const mat3 XYZ_TO_REC709 = mat3(
		 3.2404542, -0.9692660,  0.0556434,
		-1.5371385,  1.8760108, -0.2040259,
		-0.4985314,  0.0415560,  1.0572252
	);
	vec3 Fresnel0ToIor( vec3 fresnel0 ) {
		vec3 sqrtF0 = sqrt( fresnel0 );
		return ( vec3( 1.0 ) + sqrtF0 ) / ( vec3( 1.0 ) - sqrtF0 );
	}
	vec3 IorToFresnel0( vec3 transmittedIor, float incidentIor ) {
		return pow2( ( transmittedIor - vec3( incidentIor ) ) / ( transmittedIor + vec3( incidentIor ) ) );
	}
	float IorToFresnel0( float transmittedIor, float incidentIor ) {
		return pow2( ( transmittedIor - incidentIor ) / ( transmittedIor + incidentIor ));
	}
	vec3 evalSensitivity( float OPD, vec3 shift ) {
		float phase = 2.0 * PI * OPD * 1.0e-9;
		vec3 val = vec3( 5.4856e-13, 4.4201e-13, 5.2481e-13 );
		vec3 pos = vec3( 1.6810e+06, 1.7953e+06, 2.2084e+06 );
		vec3 var = vec3( 4.3278e+09, 9.3046e+09, 6.6121e+09 );
		vec3 xyz = val * sqrt( 2.0 * PI * var ) * cos( pos * phase + shift ) * exp( - pow2( phase ) * var );
		xyz.x += 9.7470e-14 * sqrt( 2.0 * PI * 4.5282e+09 ) * cos( 2.2399e+06 * phase + shift[ 0 ] ) * exp( - 4.5282e+09 * pow2( phase ) );
		xyz /= 1.0685e-7;
		vec3 rgb = XYZ_TO_REC709 * xyz;
		return rgb;
	}
	vec3 evalIridescence( float outsideIOR, float eta2, float cosTheta1, float thinFilmThickness, vec3 baseF0 ) {
		vec3 I;
		float iridescenceIOR = mix( outsideIOR, eta2, smoothstep( 0.0, 0.03, thinFilmThickness ) );
		float sinTheta2Sq = pow2( outsideIOR / iridescenceIOR ) * ( 1.0 - pow2( cosTheta1 ) );
		float cosTheta2Sq = 1.0 - sinTheta2Sq;
		if ( cosTheta2Sq < 0.0 ) {
			return vec3( 1.0 );
		}
		float cosTheta2 = sqrt( cosTheta2Sq );
		float R0 = IorToFresnel0( iridescenceIOR, outsideIOR );
		float R12 = F_Schlick( R0, 1.0, cosTheta1 );
		float T121 = 1.0 - R12;
		float phi12 = 0.0;
		if ( iridescenceIOR < outsideIOR ) phi12 = PI;
		float phi21 = PI - phi12;
		vec3 baseIOR = Fresnel0ToIor( clamp( baseF0, 0.0, 0.9999 ) );		vec3 R1 = IorToFresnel0( baseIOR, iridescenceIOR );
		vec3 R23 = F_Schlick( R1, 1.0, cosTheta2 );
		vec3 phi23 = vec3( 0.0 );
		if ( baseIOR[ 0 ] < iridescenceIOR ) phi23[ 0 ] = PI;
		if ( baseIOR[ 1 ] < iridescenceIOR ) phi23[ 1 ] = PI;
		if ( baseIOR[ 2 ] < iridescenceIOR ) phi23[ 2 ] = PI;
		float OPD = 2.0 * iridescenceIOR * thinFilmThickness * cosTheta2;
		vec3 phi = vec3( phi21 ) + phi23;
		vec3 R123 = clamp( R12 * R23, 1e-5, 0.9999 );
		vec3 r123 = sqrt( R123 );
		vec3 Rs = pow2( T121 ) * R23 / ( vec3( 1.0 ) - R123 );
		vec3 C0 = R12 + Rs;
		I = C0;
		vec3 Cm = Rs - T121;
		for ( int m = 1; m <= 2; ++ m ) {
			Cm *= r123;
			vec3 Sm = 2.0 * evalSensitivity( float( m ) * OPD, float( m ) * phi );
			I += Cm * Sm;
		}
		return max( I, vec3( 0.0 ) );
	}
#endif`,m_=`#ifdef USE_BUMPMAP
	uniform sampler2D bumpMap;
	uniform float bumpScale;
	vec2 dHdxy_fwd() {
		vec2 dSTdx = dFdx( vBumpMapUv );
		vec2 dSTdy = dFdy( vBumpMapUv );
		float Hll = bumpScale * texture2D( bumpMap, vBumpMapUv ).x;
		float dBx = bumpScale * texture2D( bumpMap, vBumpMapUv + dSTdx ).x - Hll;
		float dBy = bumpScale * texture2D( bumpMap, vBumpMapUv + dSTdy ).x - Hll;
		return vec2( dBx, dBy );
	}
	vec3 perturbNormalArb( vec3 surf_pos, vec3 surf_norm, vec2 dHdxy, float faceDirection ) {
		vec3 vSigmaX = normalize( dFdx( surf_pos.xyz ) );
		vec3 vSigmaY = normalize( dFdy( surf_pos.xyz ) );
		vec3 vN = surf_norm;
		vec3 R1 = cross( vSigmaY, vN );
		vec3 R2 = cross( vN, vSigmaX );
		float fDet = dot( vSigmaX, R1 ) * faceDirection;
		vec3 vGrad = sign( fDet ) * ( dHdxy.x * R1 + dHdxy.y * R2 );
		return normalize( abs( fDet ) * surf_norm - vGrad );
	}
#endif`,g_=`#if NUM_CLIPPING_PLANES > 0
	vec4 plane;
	#ifdef ALPHA_TO_COVERAGE
		float distanceToPlane, distanceGradient;
		float clipOpacity = 1.0;
		#pragma unroll_loop_start
		for ( int i = 0; i < UNION_CLIPPING_PLANES; i ++ ) {
			plane = clippingPlanes[ i ];
			distanceToPlane = - dot( vClipPosition, plane.xyz ) + plane.w;
			distanceGradient = fwidth( distanceToPlane ) / 2.0;
			clipOpacity *= smoothstep( - distanceGradient, distanceGradient, distanceToPlane );
			if ( clipOpacity == 0.0 ) discard;
		}
		#pragma unroll_loop_end
		#if UNION_CLIPPING_PLANES < NUM_CLIPPING_PLANES
			float unionClipOpacity = 1.0;
			#pragma unroll_loop_start
			for ( int i = UNION_CLIPPING_PLANES; i < NUM_CLIPPING_PLANES; i ++ ) {
				plane = clippingPlanes[ i ];
				distanceToPlane = - dot( vClipPosition, plane.xyz ) + plane.w;
				distanceGradient = fwidth( distanceToPlane ) / 2.0;
				unionClipOpacity *= 1.0 - smoothstep( - distanceGradient, distanceGradient, distanceToPlane );
			}
			#pragma unroll_loop_end
			clipOpacity *= 1.0 - unionClipOpacity;
		#endif
		diffuseColor.a *= clipOpacity;
		if ( diffuseColor.a == 0.0 ) discard;
	#else
		#pragma unroll_loop_start
		for ( int i = 0; i < UNION_CLIPPING_PLANES; i ++ ) {
			plane = clippingPlanes[ i ];
			if ( dot( vClipPosition, plane.xyz ) > plane.w ) discard;
		}
		#pragma unroll_loop_end
		#if UNION_CLIPPING_PLANES < NUM_CLIPPING_PLANES
			bool clipped = true;
			#pragma unroll_loop_start
			for ( int i = UNION_CLIPPING_PLANES; i < NUM_CLIPPING_PLANES; i ++ ) {
				plane = clippingPlanes[ i ];
				clipped = ( dot( vClipPosition, plane.xyz ) > plane.w ) && clipped;
			}
			#pragma unroll_loop_end
			if ( clipped ) discard;
		#endif
	#endif
#endif`,__=`#if NUM_CLIPPING_PLANES > 0
	varying vec3 vClipPosition;
	uniform vec4 clippingPlanes[ NUM_CLIPPING_PLANES ];
#endif`,x_=`#if NUM_CLIPPING_PLANES > 0
	varying vec3 vClipPosition;
#endif`,y_=`#if NUM_CLIPPING_PLANES > 0
	vClipPosition = - mvPosition.xyz;
#endif`,v_=`#if defined( USE_COLOR ) || defined( USE_COLOR_ALPHA )
	diffuseColor *= vColor;
#endif`,S_=`#if defined( USE_COLOR ) || defined( USE_COLOR_ALPHA )
	varying vec4 vColor;
#endif`,b_=`#if defined( USE_COLOR ) || defined( USE_COLOR_ALPHA ) || defined( USE_INSTANCING_COLOR ) || defined( USE_BATCHING_COLOR )
	varying vec4 vColor;
#endif`,M_=`#if defined( USE_COLOR ) || defined( USE_COLOR_ALPHA ) || defined( USE_INSTANCING_COLOR ) || defined( USE_BATCHING_COLOR )
	vColor = vec4( 1.0 );
#endif
#ifdef USE_COLOR_ALPHA
	vColor *= color;
#elif defined( USE_COLOR )
	vColor.rgb *= color;
#endif
#ifdef USE_INSTANCING_COLOR
	vColor.rgb *= instanceColor.rgb;
#endif
#ifdef USE_BATCHING_COLOR
	vColor *= getBatchingColor( getIndirectIndex( gl_DrawID ) );
#endif`,E_=`#define PI 3.141592653589793
#define PI2 6.283185307179586
#define PI_HALF 1.5707963267948966
#define RECIPROCAL_PI 0.3183098861837907
#define RECIPROCAL_PI2 0.15915494309189535
#define EPSILON 1e-6
#ifndef saturate
#define saturate( a ) clamp( a, 0.0, 1.0 )
#endif
#define whiteComplement( a ) ( 1.0 - saturate( a ) )
float pow2( const in float x ) { return x*x; }
vec3 pow2( const in vec3 x ) { return x*x; }
float pow3( const in float x ) { return x*x*x; }
float pow4( const in float x ) { float x2 = x*x; return x2*x2; }
float max3( const in vec3 v ) { return max( max( v.x, v.y ), v.z ); }
float average( const in vec3 v ) { return dot( v, vec3( 0.3333333 ) ); }
highp float rand( const in vec2 uv ) {
	const highp float a = 12.9898, b = 78.233, c = 43758.5453;
	highp float dt = dot( uv.xy, vec2( a,b ) ), sn = mod( dt, PI );
	return fract( sin( sn ) * c );
}
#ifdef HIGH_PRECISION
	float precisionSafeLength( vec3 v ) { return length( v ); }
#else
	float precisionSafeLength( vec3 v ) {
		float maxComponent = max3( abs( v ) );
		return length( v / maxComponent ) * maxComponent;
	}
#endif
struct IncidentLight {
	vec3 color;
	vec3 direction;
	bool visible;
};
struct ReflectedLight {
	vec3 directDiffuse;
	vec3 directSpecular;
	vec3 indirectDiffuse;
	vec3 indirectSpecular;
};
#ifdef USE_ALPHAHASH
	varying vec3 vPosition;
#endif
vec3 transformDirection( in vec3 dir, in mat4 matrix ) {
	return normalize( ( matrix * vec4( dir, 0.0 ) ).xyz );
}
#define inverseTransformDirection transformDirectionByInverseViewMatrix
vec3 transformNormalByInverseViewMatrix( in vec3 normal, in mat4 viewMatrix ) {
	return normalize( ( vec4( normal, 0.0 ) * viewMatrix ).xyz );
}
vec3 transformDirectionByInverseViewMatrix( in vec3 dir, in mat4 viewMatrix ) {
	return normalize( ( vec4( dir, 0.0 ) * viewMatrix ).xyz );
}
bool isPerspectiveMatrix( mat4 m ) {
	return m[ 2 ][ 3 ] == - 1.0;
}
vec2 equirectUv( in vec3 dir ) {
	float u = atan( dir.z, dir.x ) * RECIPROCAL_PI2 + 0.5;
	float v = asin( clamp( dir.y, - 1.0, 1.0 ) ) * RECIPROCAL_PI + 0.5;
	return vec2( u, v );
}
vec3 BRDF_Lambert( const in vec3 diffuseColor ) {
	return RECIPROCAL_PI * diffuseColor;
}
vec3 F_Schlick( const in vec3 f0, const in float f90, const in float dotVH ) {
	float fresnel = exp2( ( - 5.55473 * dotVH - 6.98316 ) * dotVH );
	return f0 * ( 1.0 - fresnel ) + ( f90 * fresnel );
}
float F_Schlick( const in float f0, const in float f90, const in float dotVH ) {
	float fresnel = exp2( ( - 5.55473 * dotVH - 6.98316 ) * dotVH );
	return f0 * ( 1.0 - fresnel ) + ( f90 * fresnel );
} // validated`,A_=`vec3 transformedNormal = objectNormal;
#ifdef USE_TANGENT
	vec3 transformedTangent = objectTangent;
#endif
#ifdef USE_BATCHING
	mat3 bm = mat3( batchingMatrix );
	transformedNormal /= vec3( dot( bm[ 0 ], bm[ 0 ] ), dot( bm[ 1 ], bm[ 1 ] ), dot( bm[ 2 ], bm[ 2 ] ) );
	transformedNormal = bm * transformedNormal;
	#ifdef USE_TANGENT
		transformedTangent = bm * transformedTangent;
	#endif
#endif
#ifdef USE_INSTANCING
	mat3 im = mat3( instanceMatrix );
	transformedNormal /= vec3( dot( im[ 0 ], im[ 0 ] ), dot( im[ 1 ], im[ 1 ] ), dot( im[ 2 ], im[ 2 ] ) );
	transformedNormal = im * transformedNormal;
	#ifdef USE_TANGENT
		transformedTangent = im * transformedTangent;
	#endif
#endif
transformedNormal = normalMatrix * transformedNormal;
#ifdef FLIP_SIDED
	transformedNormal = - transformedNormal;
#endif
#ifdef USE_TANGENT
	transformedTangent = ( modelViewMatrix * vec4( transformedTangent, 0.0 ) ).xyz;
#endif`,T_=`#ifdef USE_DISPLACEMENTMAP
	uniform sampler2D displacementMap;
	uniform float displacementScale;
	uniform float displacementBias;
#endif`,w_=`#ifdef USE_DISPLACEMENTMAP
	transformed += normalize( objectNormal ) * ( texture2D( displacementMap, vDisplacementMapUv ).x * displacementScale + displacementBias );
#endif`,R_=`#ifdef USE_EMISSIVEMAP
	vec4 emissiveColor = texture2D( emissiveMap, vEmissiveMapUv );
	#ifdef DECODE_VIDEO_TEXTURE_EMISSIVE
		emissiveColor = sRGBTransferEOTF( emissiveColor );
	#endif
	totalEmissiveRadiance *= emissiveColor.rgb;
#endif`,I_=`#ifdef USE_EMISSIVEMAP
	uniform sampler2D emissiveMap;
#endif`,C_="gl_FragColor = linearToOutputTexel( gl_FragColor );",N_=`vec4 LinearTransferOETF( in vec4 value ) {
	return value;
}
vec4 sRGBTransferEOTF( in vec4 value ) {
	return vec4( mix( pow( value.rgb * 0.9478672986 + vec3( 0.0521327014 ), vec3( 2.4 ) ), value.rgb * 0.0773993808, vec3( lessThanEqual( value.rgb, vec3( 0.04045 ) ) ) ), value.a );
}
vec4 sRGBTransferOETF( in vec4 value ) {
	return vec4( mix( pow( value.rgb, vec3( 0.41666 ) ) * 1.055 - vec3( 0.055 ), value.rgb * 12.92, vec3( lessThanEqual( value.rgb, vec3( 0.0031308 ) ) ) ), value.a );
}`,P_=`#ifdef USE_ENVMAP
	#ifdef ENV_WORLDPOS
		vec3 cameraToFrag;
		if ( isOrthographic ) {
			cameraToFrag = normalize( vec3( - viewMatrix[ 0 ][ 2 ], - viewMatrix[ 1 ][ 2 ], - viewMatrix[ 2 ][ 2 ] ) );
		} else {
			cameraToFrag = normalize( vWorldPosition - cameraPosition );
		}
		vec3 worldNormal = transformNormalByInverseViewMatrix( normal, viewMatrix );
		#ifdef ENVMAP_MODE_REFLECTION
			vec3 reflectVec = reflect( cameraToFrag, worldNormal );
		#else
			vec3 reflectVec = refract( cameraToFrag, worldNormal, refractionRatio );
		#endif
	#else
		vec3 reflectVec = vReflect;
	#endif
	#ifdef ENVMAP_TYPE_CUBE
		vec4 envColor = textureCube( envMap, envMapRotation * reflectVec );
		#ifdef ENVMAP_BLENDING_MULTIPLY
			outgoingLight = mix( outgoingLight, outgoingLight * envColor.xyz, specularStrength * reflectivity );
		#elif defined( ENVMAP_BLENDING_MIX )
			outgoingLight = mix( outgoingLight, envColor.xyz, specularStrength * reflectivity );
		#elif defined( ENVMAP_BLENDING_ADD )
			outgoingLight += envColor.xyz * specularStrength * reflectivity;
		#endif
	#endif
#endif`,L_=`#ifdef USE_ENVMAP
	uniform float envMapIntensity;
	uniform mat3 envMapRotation;
	uniform samplerCube envMap;
	#ifdef ENVMAP_TYPE_PMREM
		float roughnessToMip( const in float roughness ) {
			float r = clamp( roughness, 0.0, 1.0 );
			return ENVMAP_MAX_LOD * r * ( 2.0 - r );
		}
	#endif
#endif`,D_=`#ifdef USE_ENVMAP
	uniform float reflectivity;
	#if defined( USE_BUMPMAP ) || defined( USE_NORMALMAP ) || defined( PHONG ) || defined( LAMBERT )
		#define ENV_WORLDPOS
	#endif
	#ifdef ENV_WORLDPOS
		varying vec3 vWorldPosition;
		uniform float refractionRatio;
	#else
		varying vec3 vReflect;
	#endif
#endif`,U_=`#ifdef USE_ENVMAP
	#if defined( USE_BUMPMAP ) || defined( USE_NORMALMAP ) || defined( PHONG ) || defined( LAMBERT )
		#define ENV_WORLDPOS
	#endif
	#ifdef ENV_WORLDPOS
		
		varying vec3 vWorldPosition;
	#else
		varying vec3 vReflect;
		uniform float refractionRatio;
	#endif
#endif`,O_=`#ifdef USE_ENVMAP
	#ifdef ENV_WORLDPOS
		vWorldPosition = worldPosition.xyz;
	#else
		vec3 cameraToVertex;
		if ( isOrthographic ) {
			cameraToVertex = normalize( vec3( - viewMatrix[ 0 ][ 2 ], - viewMatrix[ 1 ][ 2 ], - viewMatrix[ 2 ][ 2 ] ) );
		} else {
			cameraToVertex = normalize( worldPosition.xyz - cameraPosition );
		}
		vec3 worldNormal = transformNormalByInverseViewMatrix( transformedNormal, viewMatrix );
		#ifdef ENVMAP_MODE_REFLECTION
			vReflect = reflect( cameraToVertex, worldNormal );
		#else
			vReflect = refract( cameraToVertex, worldNormal, refractionRatio );
		#endif
	#endif
#endif`,F_=`#ifdef USE_FOG
	vFogDepth = - mvPosition.z;
#endif`,B_=`#ifdef USE_FOG
	varying float vFogDepth;
#endif`,k_=`#ifdef USE_FOG
	#ifdef FOG_EXP2
		float fogFactor = 1.0 - exp( - fogDensity * fogDensity * vFogDepth * vFogDepth );
	#else
		float fogFactor = smoothstep( fogNear, fogFar, vFogDepth );
	#endif
	gl_FragColor.rgb = mix( gl_FragColor.rgb, fogColor, fogFactor );
#endif`,z_=`#ifdef USE_FOG
	uniform vec3 fogColor;
	varying float vFogDepth;
	#ifdef FOG_EXP2
		uniform float fogDensity;
	#else
		uniform float fogNear;
		uniform float fogFar;
	#endif
#endif`,V_=`#ifdef USE_GRADIENTMAP
	uniform sampler2D gradientMap;
#endif
vec3 getGradientIrradiance( vec3 normal, vec3 lightDirection ) {
	float dotNL = dot( normal, lightDirection );
	vec2 coord = vec2( dotNL * 0.5 + 0.5, 0.0 );
	#ifdef USE_GRADIENTMAP
		return vec3( texture2D( gradientMap, coord ).r );
	#else
		vec2 fw = fwidth( coord ) * 0.5;
		return mix( vec3( 0.7 ), vec3( 1.0 ), smoothstep( 0.7 - fw.x, 0.7 + fw.x, coord.x ) );
	#endif
}`,G_=`#ifdef USE_LIGHTMAP
	uniform sampler2D lightMap;
	uniform float lightMapIntensity;
#endif`,H_=`LambertMaterial material;
material.diffuseColor = diffuseColor.rgb;
material.specularStrength = specularStrength;`,W_=`varying vec3 vViewPosition;
struct LambertMaterial {
	vec3 diffuseColor;
	float specularStrength;
};
void RE_Direct_Lambert( const in IncidentLight directLight, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in LambertMaterial material, inout ReflectedLight reflectedLight ) {
	float dotNL = saturate( dot( geometryNormal, directLight.direction ) );
	vec3 irradiance = dotNL * directLight.color;
	reflectedLight.directDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
}
void RE_IndirectDiffuse_Lambert( const in vec3 irradiance, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in LambertMaterial material, inout ReflectedLight reflectedLight ) {
	reflectedLight.indirectDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
}
#define RE_Direct				RE_Direct_Lambert
#define RE_IndirectDiffuse		RE_IndirectDiffuse_Lambert`,X_=`uniform bool receiveShadow;
uniform vec3 ambientLightColor;
#if defined( USE_LIGHT_PROBES )
	uniform vec3 lightProbe[ 9 ];
#endif
vec3 shGetIrradianceAt( in vec3 normal, in vec3 shCoefficients[ 9 ] ) {
	float x = normal.x, y = normal.y, z = normal.z;
	vec3 result = shCoefficients[ 0 ] * 0.886227;
	result += shCoefficients[ 1 ] * 2.0 * 0.511664 * y;
	result += shCoefficients[ 2 ] * 2.0 * 0.511664 * z;
	result += shCoefficients[ 3 ] * 2.0 * 0.511664 * x;
	result += shCoefficients[ 4 ] * 2.0 * 0.429043 * x * y;
	result += shCoefficients[ 5 ] * 2.0 * 0.429043 * y * z;
	result += shCoefficients[ 6 ] * ( 0.743125 * z * z - 0.247708 );
	result += shCoefficients[ 7 ] * 2.0 * 0.429043 * x * z;
	result += shCoefficients[ 8 ] * 0.429043 * ( x * x - y * y );
	return result;
}
vec3 getLightProbeIrradiance( const in vec3 lightProbe[ 9 ], const in vec3 normal ) {
	vec3 worldNormal = transformNormalByInverseViewMatrix( normal, viewMatrix );
	vec3 irradiance = shGetIrradianceAt( worldNormal, lightProbe );
	return irradiance;
}
vec3 getAmbientLightIrradiance( const in vec3 ambientLightColor ) {
	vec3 irradiance = ambientLightColor;
	return irradiance;
}
float getDistanceAttenuation( const in float lightDistance, const in float cutoffDistance, const in float decayExponent ) {
	float distanceFalloff = 1.0 / max( pow( lightDistance, decayExponent ), 0.01 );
	if ( cutoffDistance > 0.0 ) {
		distanceFalloff *= pow2( saturate( 1.0 - pow4( lightDistance / cutoffDistance ) ) );
	}
	return distanceFalloff;
}
float getSpotAttenuation( const in float coneCosine, const in float penumbraCosine, const in float angleCosine ) {
	return smoothstep( coneCosine, penumbraCosine, angleCosine );
}
#if NUM_SUN_LIGHTS > 0
	struct SunLight {
		vec3 direction;
		vec3 color;
	};
	uniform SunLight sunLights[ NUM_SUN_LIGHTS ];
	void getSunLightInfo( const in SunLight sunLight, out IncidentLight light ) {
		light.color = sunLight.color;
		light.direction = sunLight.direction;
		light.visible = true;
	}
#endif
#if NUM_DIR_LIGHTS > 0
	struct DirectionalLight {
		vec3 direction;
		vec3 color;
	};
	uniform DirectionalLight directionalLights[ NUM_DIR_LIGHTS ];
	void getDirectionalLightInfo( const in DirectionalLight directionalLight, out IncidentLight light ) {
		light.color = directionalLight.color;
		light.direction = directionalLight.direction;
		light.visible = true;
	}
#endif
#if NUM_POINT_LIGHTS > 0
	struct PointLight {
		vec3 position;
		vec3 color;
		float distance;
		float decay;
	};
	uniform PointLight pointLights[ NUM_POINT_LIGHTS ];
	void getPointLightInfo( const in PointLight pointLight, const in vec3 geometryPosition, out IncidentLight light ) {
		vec3 lVector = pointLight.position - geometryPosition;
		light.direction = normalize( lVector );
		float lightDistance = length( lVector );
		light.color = pointLight.color;
		light.color *= getDistanceAttenuation( lightDistance, pointLight.distance, pointLight.decay );
		light.visible = ( light.color != vec3( 0.0 ) );
	}
#endif
#if NUM_SPOT_LIGHTS > 0
	struct SpotLight {
		vec3 position;
		vec3 direction;
		vec3 color;
		float distance;
		float decay;
		float coneCos;
		float penumbraCos;
	};
	uniform SpotLight spotLights[ NUM_SPOT_LIGHTS ];
	void getSpotLightInfo( const in SpotLight spotLight, const in vec3 geometryPosition, out IncidentLight light ) {
		vec3 lVector = spotLight.position - geometryPosition;
		light.direction = normalize( lVector );
		float angleCos = dot( light.direction, spotLight.direction );
		float spotAttenuation = getSpotAttenuation( spotLight.coneCos, spotLight.penumbraCos, angleCos );
		if ( spotAttenuation > 0.0 ) {
			float lightDistance = length( lVector );
			light.color = spotLight.color * spotAttenuation;
			light.color *= getDistanceAttenuation( lightDistance, spotLight.distance, spotLight.decay );
			light.visible = ( light.color != vec3( 0.0 ) );
		} else {
			light.color = vec3( 0.0 );
			light.visible = false;
		}
	}
#endif
#if NUM_RECT_AREA_LIGHTS > 0
	struct RectAreaLight {
		vec3 color;
		vec3 position;
		vec3 halfWidth;
		vec3 halfHeight;
	};
	uniform sampler2D ltc_1;	uniform sampler2D ltc_2;
	uniform RectAreaLight rectAreaLights[ NUM_RECT_AREA_LIGHTS ];
#endif
#if NUM_HEMI_LIGHTS > 0
	struct HemisphereLight {
		vec3 direction;
		vec3 skyColor;
		vec3 groundColor;
	};
	uniform HemisphereLight hemisphereLights[ NUM_HEMI_LIGHTS ];
	vec3 getHemisphereLightIrradiance( const in HemisphereLight hemiLight, const in vec3 normal ) {
		float dotNL = dot( normal, hemiLight.direction );
		float hemiDiffuseWeight = 0.5 * dotNL + 0.5;
		vec3 irradiance = mix( hemiLight.groundColor, hemiLight.skyColor, hemiDiffuseWeight );
		return irradiance;
	}
#endif
#include <lightprobes_pars_fragment>`,Y_=`#ifdef USE_ENVMAP
	vec3 getIBLIrradiance( const in vec3 normal ) {
		#ifdef ENVMAP_TYPE_PMREM
			vec3 worldNormal = transformNormalByInverseViewMatrix( normal, viewMatrix );
			vec4 envMapColor = textureLod( envMap, envMapRotation * worldNormal, ENVMAP_MAX_LOD );
			return PI * envMapColor.rgb * envMapIntensity;
		#else
			return vec3( 0.0 );
		#endif
	}
	vec3 getIBLRadiance( const in vec3 viewDir, const in vec3 normal, const in float roughness ) {
		#ifdef ENVMAP_TYPE_PMREM
			vec3 reflectVec = reflect( - viewDir, normal );
			reflectVec = normalize( mix( reflectVec, normal, pow4( roughness ) ) );
			reflectVec = transformDirectionByInverseViewMatrix( reflectVec, viewMatrix );
			vec4 envMapColor = textureLod( envMap, envMapRotation * reflectVec, roughnessToMip( roughness ) );
			return envMapColor.rgb * envMapIntensity;
		#else
			return vec3( 0.0 );
		#endif
	}
	#ifdef USE_RETROREFLECTION
		vec3 getIBLRetroRadiance( const in vec3 viewDir, const in vec3 normal, const in float roughness ) {
			#ifdef ENVMAP_TYPE_PMREM
				vec3 retroVec = normalize( mix( viewDir, normal, pow4( roughness ) ) );
				retroVec = transformDirectionByInverseViewMatrix( retroVec, viewMatrix );
				vec4 envMapColor = textureLod( envMap, envMapRotation * retroVec, roughnessToMip( roughness ) );
				return envMapColor.rgb * envMapIntensity;
			#else
				return vec3( 0.0 );
			#endif
		}
	#endif
	#ifdef USE_ANISOTROPY
		vec3 getIBLAnisotropyRadiance( const in vec3 viewDir, const in vec3 normal, const in float roughness, const in vec3 bitangent, const in float anisotropy ) {
			#ifdef ENVMAP_TYPE_PMREM
				vec3 bentNormal = cross( bitangent, viewDir );
				bentNormal = normalize( cross( bentNormal, bitangent ) );
				bentNormal = normalize( mix( bentNormal, normal, pow2( pow2( 1.0 - anisotropy * ( 1.0 - roughness ) ) ) ) );
				return getIBLRadiance( viewDir, bentNormal, roughness );
			#else
				return vec3( 0.0 );
			#endif
		}
		#ifdef USE_RETROREFLECTION
			vec3 getIBLAnisotropyRetroRadiance( const in vec3 viewDir, const in vec3 normal, const in float roughness, const in vec3 bitangent, const in float anisotropy ) {
				#ifdef ENVMAP_TYPE_PMREM
					vec3 bentNormal = cross( bitangent, viewDir );
					bentNormal = normalize( cross( bentNormal, bitangent ) );
					bentNormal = normalize( mix( bentNormal, normal, pow2( pow2( 1.0 - anisotropy * ( 1.0 - roughness ) ) ) ) );
					return getIBLRetroRadiance( viewDir, bentNormal, roughness );
				#else
					return vec3( 0.0 );
				#endif
			}
		#endif
	#endif
#endif`,K_=`ToonMaterial material;
material.diffuseColor = diffuseColor.rgb;`,q_=`varying vec3 vViewPosition;
struct ToonMaterial {
	vec3 diffuseColor;
};
void RE_Direct_Toon( const in IncidentLight directLight, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in ToonMaterial material, inout ReflectedLight reflectedLight ) {
	vec3 irradiance = getGradientIrradiance( geometryNormal, directLight.direction ) * directLight.color;
	reflectedLight.directDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
}
void RE_IndirectDiffuse_Toon( const in vec3 irradiance, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in ToonMaterial material, inout ReflectedLight reflectedLight ) {
	reflectedLight.indirectDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
}
#define RE_Direct				RE_Direct_Toon
#define RE_IndirectDiffuse		RE_IndirectDiffuse_Toon`,$_=`BlinnPhongMaterial material;
material.diffuseColor = diffuseColor.rgb;
material.specularColor = specular;
material.specularShininess = shininess;
material.specularStrength = specularStrength;`,Z_=`varying vec3 vViewPosition;
struct BlinnPhongMaterial {
	vec3 diffuseColor;
	vec3 specularColor;
	float specularShininess;
	float specularStrength;
};
void RE_Direct_BlinnPhong( const in IncidentLight directLight, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in BlinnPhongMaterial material, inout ReflectedLight reflectedLight ) {
	float dotNL = saturate( dot( geometryNormal, directLight.direction ) );
	vec3 irradiance = dotNL * directLight.color;
	reflectedLight.directDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
	reflectedLight.directSpecular += irradiance * BRDF_BlinnPhong( directLight.direction, geometryViewDir, geometryNormal, material.specularColor, material.specularShininess ) * material.specularStrength;
}
void RE_IndirectDiffuse_BlinnPhong( const in vec3 irradiance, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in BlinnPhongMaterial material, inout ReflectedLight reflectedLight ) {
	reflectedLight.indirectDiffuse += irradiance * BRDF_Lambert( material.diffuseColor );
}
#define RE_Direct				RE_Direct_BlinnPhong
#define RE_IndirectDiffuse		RE_IndirectDiffuse_BlinnPhong`,J_=`PhysicalMaterial material;
material.diffuseColor = diffuseColor.rgb;
material.diffuseContribution = diffuseColor.rgb * ( 1.0 - metalnessFactor );
material.metalness = metalnessFactor;
vec3 dxy = max( abs( dFdx( nonPerturbedNormal ) ), abs( dFdy( nonPerturbedNormal ) ) );
float geometryRoughness = max( max( dxy.x, dxy.y ), dxy.z );
material.roughness = max( roughnessFactor, 0.045 );
material.roughness += geometryRoughness;
material.roughness = min( material.roughness, 1.0 );
#ifdef USE_DIFFUSE_ROUGHNESS
	float diffuseRoughnessFactor = diffuseRoughness;
	#ifdef USE_DIFFUSE_ROUGHNESSMAP
		diffuseRoughnessFactor *= texture2D( diffuseRoughnessMap, vDiffuseRoughnessMapUv ).r;
	#endif
	material.diffuseRoughness = saturate( diffuseRoughnessFactor );
#endif
#ifdef IOR
	material.ior = ior;
	#ifdef USE_SPECULAR
		float specularIntensityFactor = specularIntensity;
		vec3 specularColorFactor = specularColor;
		#ifdef USE_SPECULAR_COLORMAP
			specularColorFactor *= texture2D( specularColorMap, vSpecularColorMapUv ).rgb;
		#endif
		#ifdef USE_SPECULAR_INTENSITYMAP
			specularIntensityFactor *= texture2D( specularIntensityMap, vSpecularIntensityMapUv ).a;
		#endif
		material.specularF90 = mix( specularIntensityFactor, 1.0, metalnessFactor );
	#else
		float specularIntensityFactor = 1.0;
		vec3 specularColorFactor = vec3( 1.0 );
		material.specularF90 = 1.0;
	#endif
	material.specularColor = min( pow2( ( material.ior - 1.0 ) / ( material.ior + 1.0 ) ) * specularColorFactor, vec3( 1.0 ) ) * specularIntensityFactor;
	material.specularColorBlended = mix( material.specularColor, diffuseColor.rgb, metalnessFactor );
#else
	material.specularColor = vec3( 0.04 );
	material.specularColorBlended = mix( material.specularColor, diffuseColor.rgb, metalnessFactor );
	material.specularF90 = 1.0;
#endif
#ifdef USE_CLEARCOAT
	material.clearcoat = clearcoat;
	material.clearcoatRoughness = clearcoatRoughness;
	material.clearcoatF0 = vec3( 0.04 );
	material.clearcoatF90 = 1.0;
	#ifdef USE_CLEARCOATMAP
		material.clearcoat *= texture2D( clearcoatMap, vClearcoatMapUv ).x;
	#endif
	#ifdef USE_CLEARCOAT_ROUGHNESSMAP
		material.clearcoatRoughness *= texture2D( clearcoatRoughnessMap, vClearcoatRoughnessMapUv ).y;
	#endif
	material.clearcoat = saturate( material.clearcoat );	material.clearcoatRoughness = max( material.clearcoatRoughness, 0.045 );
	material.clearcoatRoughness += geometryRoughness;
	material.clearcoatRoughness = min( material.clearcoatRoughness, 1.0 );
#endif
#ifdef USE_DISPERSION
	material.dispersion = dispersion;
#endif
#ifdef USE_RETROREFLECTION
	material.retroreflectivity = retroreflectivity;
#endif
#ifdef USE_IRIDESCENCE
	material.iridescence = iridescence;
	material.iridescenceIOR = iridescenceIOR;
	#ifdef USE_IRIDESCENCEMAP
		material.iridescence *= texture2D( iridescenceMap, vIridescenceMapUv ).r;
	#endif
	#ifdef USE_IRIDESCENCE_THICKNESSMAP
		material.iridescenceThickness = (iridescenceThicknessMaximum - iridescenceThicknessMinimum) * texture2D( iridescenceThicknessMap, vIridescenceThicknessMapUv ).g + iridescenceThicknessMinimum;
	#else
		material.iridescenceThickness = iridescenceThicknessMaximum;
	#endif
#endif
#ifdef USE_SHEEN
	material.sheenColor = sheenColor;
	#ifdef USE_SHEEN_COLORMAP
		material.sheenColor *= texture2D( sheenColorMap, vSheenColorMapUv ).rgb;
	#endif
	material.sheenRoughness = clamp( sheenRoughness, 0.0001, 1.0 );
	#ifdef USE_SHEEN_ROUGHNESSMAP
		material.sheenRoughness *= texture2D( sheenRoughnessMap, vSheenRoughnessMapUv ).a;
	#endif
#endif
#ifdef USE_ANISOTROPY
	#ifdef USE_ANISOTROPYMAP
		mat2 anisotropyMat = mat2( anisotropyVector.x, anisotropyVector.y, - anisotropyVector.y, anisotropyVector.x );
		vec3 anisotropyPolar = texture2D( anisotropyMap, vAnisotropyMapUv ).rgb;
		vec2 anisotropyV = anisotropyMat * normalize( 2.0 * anisotropyPolar.rg - vec2( 1.0 ) ) * anisotropyPolar.b;
	#else
		vec2 anisotropyV = anisotropyVector;
	#endif
	material.anisotropy = length( anisotropyV );
	if( material.anisotropy == 0.0 ) {
		anisotropyV = vec2( 1.0, 0.0 );
	} else {
		anisotropyV /= material.anisotropy;
		material.anisotropy = saturate( material.anisotropy );
	}
	material.alphaT = mix( pow2( material.roughness ), 1.0, pow2( material.anisotropy ) );
	material.anisotropyT = tbn[ 0 ] * anisotropyV.x + tbn[ 1 ] * anisotropyV.y;
	material.anisotropyB = tbn[ 1 ] * anisotropyV.x - tbn[ 0 ] * anisotropyV.y;
#endif`,Q_=`uniform sampler2D dfgLUT;
struct PhysicalMaterial {
	vec3 diffuseColor;
	vec3 diffuseContribution;
	vec3 specularColor;
	vec3 specularColorBlended;
	float roughness;
	float metalness;
	float specularF90;
	float dispersion;
	vec2 dfg;
	vec3 multiScatteringCompensation;
	#ifdef USE_DIFFUSE_ROUGHNESS
		float diffuseRoughness;
	#endif
	#ifdef USE_RETROREFLECTION
		float retroreflectivity;
	#endif
	#ifdef USE_CLEARCOAT
		float clearcoat;
		float clearcoatRoughness;
		vec3 clearcoatF0;
		float clearcoatF90;
	#endif
	#ifdef USE_IRIDESCENCE
		float iridescence;
		float iridescenceIOR;
		float iridescenceThickness;
		vec3 iridescenceFresnel;
		vec3 iridescenceF0Dielectric;
		vec3 iridescenceF0Metallic;
	#endif
	#ifdef USE_SHEEN
		vec3 sheenColor;
		float sheenRoughness;
	#endif
	#ifdef IOR
		float ior;
	#endif
	#ifdef USE_TRANSMISSION
		float transmission;
		float transmissionAlpha;
		float thickness;
		float attenuationDistance;
		vec3 attenuationColor;
	#endif
	#ifdef USE_ANISOTROPY
		float anisotropy;
		float alphaT;
		vec3 anisotropyT;
		vec3 anisotropyB;
	#endif
};
vec3 clearcoatSpecularDirect = vec3( 0.0 );
vec3 clearcoatSpecularIndirect = vec3( 0.0 );
vec3 sheenSpecularDirect = vec3( 0.0 );
vec3 sheenSpecularIndirect = vec3(0.0 );
vec3 Schlick_to_F0( const in vec3 f, const in float f90, const in float dotVH ) {
    float x = clamp( 1.0 - dotVH, 0.0, 1.0 );
    float x2 = x * x;
    float x5 = clamp( x * x2 * x2, 0.0, 0.9999 );
    return ( f - vec3( f90 ) * x5 ) / ( 1.0 - x5 );
}
#ifdef USE_DIFFUSE_ROUGHNESS
	const float EON_EPSILON = 1e-7;
	float FON_DirectionalAlbedo( const in float mu, const in float roughness, const in float A ) {
		float muComp = 1.0 - mu;
		float gOverPi = muComp * ( 0.0571085289 + muComp * ( 0.491881867 + muComp * ( - 0.332181442 + muComp * 0.0714429953 ) ) );
		return A * ( 1.0 + roughness * gOverPi );
	}
	vec3 BRDF_EON( const in vec3 lightDir, const in vec3 viewDir, const in vec3 normal, const in vec3 diffuseColor, const in float roughness ) {
		vec3 rho = saturate( diffuseColor );
		if ( roughness <= EON_EPSILON ) return BRDF_Lambert( rho );
		float dotNL = saturate( dot( normal, lightDir ) );
		float dotNV = saturate( dot( normal, viewDir ) );
		float s = dot( lightDir, viewDir ) - dotNL * dotNV;
		float sOverT = ( s > 0.0 ) ? s / max( max( dotNL, dotNV ), EON_EPSILON ) : s;
		float A = 1.0 / ( 1.0 + ( 0.5 - 2.0 / ( 3.0 * PI ) ) * roughness );
		vec3 singleScatter = rho * RECIPROCAL_PI * A * ( 1.0 + roughness * sOverT );
		float averageAlbedo = A * ( 1.0 + ( 2.0 / 3.0 - 28.0 / ( 15.0 * PI ) ) * roughness );
		float albedoV = FON_DirectionalAlbedo( dotNV, roughness, A );
		float albedoL = FON_DirectionalAlbedo( dotNL, roughness, A );
		vec3 rhoMultiScatter = rho * rho * averageAlbedo / max( vec3( EON_EPSILON ), vec3( 1.0 ) - rho * ( 1.0 - averageAlbedo ) );
		vec3 multiScatter = rhoMultiScatter * RECIPROCAL_PI
			* max( EON_EPSILON, 1.0 - albedoV )
			* max( EON_EPSILON, 1.0 - albedoL )
			/ max( EON_EPSILON, 1.0 - averageAlbedo );
		return singleScatter + multiScatter;
	}
	vec3 EON_DirectionalAlbedo( const in vec3 diffuseColor, const in float roughness, const in float dotNV ) {
		vec3 rho = saturate( diffuseColor );
		if ( roughness <= EON_EPSILON ) return rho;
		float A = 1.0 / ( 1.0 + ( 0.5 - 2.0 / ( 3.0 * PI ) ) * roughness );
		float directionalAlbedo = FON_DirectionalAlbedo( dotNV, roughness, A );
		float averageAlbedo = A * ( 1.0 + ( 2.0 / 3.0 - 28.0 / ( 15.0 * PI ) ) * roughness );
		vec3 rhoMultiScatter = rho * rho * averageAlbedo / max( vec3( EON_EPSILON ), vec3( 1.0 ) - rho * ( 1.0 - averageAlbedo ) );
		return rho * directionalAlbedo + rhoMultiScatter * ( 1.0 - directionalAlbedo );
	}
#endif
float V_GGX_SmithCorrelated( const in float alpha, const in float dotNL, const in float dotNV ) {
	float a2 = pow2( alpha );
	float gv = dotNL * sqrt( a2 + ( 1.0 - a2 ) * pow2( dotNV ) );
	float gl = dotNV * sqrt( a2 + ( 1.0 - a2 ) * pow2( dotNL ) );
	return 0.5 / max( gv + gl, EPSILON );
}
float D_GGX( const in float alpha, const in float dotNH ) {
	float a2 = pow2( alpha );
	float denom = pow2( dotNH ) * ( a2 - 1.0 ) + 1.0;
	return RECIPROCAL_PI * a2 / pow2( denom );
}
#ifdef USE_ANISOTROPY
	float V_GGX_SmithCorrelated_Anisotropic( const in float alphaT, const in float alphaB, const in float dotTV, const in float dotBV, const in float dotTL, const in float dotBL, const in float dotNV, const in float dotNL ) {
		float gv = dotNL * length( vec3( alphaT * dotTV, alphaB * dotBV, dotNV ) );
		float gl = dotNV * length( vec3( alphaT * dotTL, alphaB * dotBL, dotNL ) );
		return 0.5 / max( gv + gl, EPSILON );
	}
	float D_GGX_Anisotropic( const in float alphaT, const in float alphaB, const in float dotNH, const in float dotTH, const in float dotBH ) {
		float a2 = alphaT * alphaB;
		highp vec3 v = vec3( alphaB * dotTH, alphaT * dotBH, a2 * dotNH );
		highp float v2 = dot( v, v );
		float w2 = a2 / v2;
		return RECIPROCAL_PI * a2 * pow2 ( w2 );
	}
#endif
#ifdef USE_CLEARCOAT
	vec3 BRDF_GGX_Clearcoat( const in vec3 lightDir, const in vec3 viewDir, const in vec3 normal, const in PhysicalMaterial material) {
		vec3 f0 = material.clearcoatF0;
		float f90 = material.clearcoatF90;
		float roughness = max( material.clearcoatRoughness, 0.045 );
		float alpha = pow2( roughness );
		vec3 halfDir = normalize( lightDir + viewDir );
		float dotNL = saturate( dot( normal, lightDir ) );
		float dotNV = saturate( dot( normal, viewDir ) );
		float dotNH = saturate( dot( normal, halfDir ) );
		float dotVH = saturate( dot( viewDir, halfDir ) );
		vec3 F = F_Schlick( f0, f90, dotVH );
		float V = V_GGX_SmithCorrelated( alpha, dotNL, dotNV );
		float D = D_GGX( alpha, dotNH );
		return F * ( V * D );
	}
#endif
vec3 BRDF_GGX( const in vec3 lightDir, const in vec3 viewDir, const in vec3 normal, const in PhysicalMaterial material ) {
	vec3 f0 = material.specularColorBlended;
	float f90 = material.specularF90;
	float roughness = max( material.roughness, 0.045 );
	float alpha = pow2( roughness );
	vec3 halfDir = normalize( lightDir + viewDir );
	float dotNL = saturate( dot( normal, lightDir ) );
	float dotNV = saturate( dot( normal, viewDir ) );
	float dotNH = saturate( dot( normal, halfDir ) );
	float dotVH = saturate( dot( viewDir, halfDir ) );
	vec3 F = F_Schlick( f0, f90, dotVH );
	#ifdef USE_IRIDESCENCE
		F = mix( F, material.iridescenceFresnel, material.iridescence );
	#endif
	#ifdef USE_ANISOTROPY
		float dotTL = dot( material.anisotropyT, lightDir );
		float dotTV = dot( material.anisotropyT, viewDir );
		float dotTH = dot( material.anisotropyT, halfDir );
		float dotBL = dot( material.anisotropyB, lightDir );
		float dotBV = dot( material.anisotropyB, viewDir );
		float dotBH = dot( material.anisotropyB, halfDir );
		float alphaT = max( material.alphaT, alpha );
		float V = V_GGX_SmithCorrelated_Anisotropic( alphaT, alpha, dotTV, dotBV, dotTL, dotBL, dotNV, dotNL );
		float D = D_GGX_Anisotropic( alphaT, alpha, dotNH, dotTH, dotBH );
	#else
		float V = V_GGX_SmithCorrelated( alpha, dotNL, dotNV );
		float D = D_GGX( alpha, dotNH );
	#endif
	return F * ( V * D );
}
vec2 LTC_Uv( const in vec3 N, const in vec3 V, const in float roughness ) {
	const float LUT_SIZE = 64.0;
	const float LUT_SCALE = ( LUT_SIZE - 1.0 ) / LUT_SIZE;
	const float LUT_BIAS = 0.5 / LUT_SIZE;
	float dotNV = saturate( dot( N, V ) );
	vec2 uv = vec2( roughness, sqrt( 1.0 - dotNV ) );
	uv = uv * LUT_SCALE + LUT_BIAS;
	return uv;
}
float LTC_ClippedSphereFormFactor( const in vec3 f ) {
	float l = length( f );
	return max( ( l * l + f.z ) / ( l + 1.0 ), 0.0 );
}
vec3 LTC_EdgeVectorFormFactor( const in vec3 v1, const in vec3 v2 ) {
	float x = dot( v1, v2 );
	float y = abs( x );
	float a = 0.8543985 + ( 0.4965155 + 0.0145206 * y ) * y;
	float b = 3.4175940 + ( 4.1616724 + y ) * y;
	float v = a / b;
	float theta_sintheta = ( x > 0.0 ) ? v : 0.5 * inversesqrt( max( 1.0 - x * x, 1e-7 ) ) - v;
	return cross( v1, v2 ) * theta_sintheta;
}
vec3 LTC_Evaluate( const in vec3 N, const in vec3 V, const in vec3 P, const in mat3 mInv, const in vec3 rectCoords[ 4 ] ) {
	vec3 v1 = rectCoords[ 1 ] - rectCoords[ 0 ];
	vec3 v2 = rectCoords[ 3 ] - rectCoords[ 0 ];
	vec3 lightNormal = cross( v1, v2 );
	if( dot( lightNormal, P - rectCoords[ 0 ] ) < 0.0 ) return vec3( 0.0 );
	vec3 T1, T2;
	T1 = normalize( V - N * dot( V, N ) );
	T2 = - cross( N, T1 );
	mat3 mat = mInv * transpose( mat3( T1, T2, N ) );
	vec3 coords[ 4 ];
	coords[ 0 ] = mat * ( rectCoords[ 0 ] - P );
	coords[ 1 ] = mat * ( rectCoords[ 1 ] - P );
	coords[ 2 ] = mat * ( rectCoords[ 2 ] - P );
	coords[ 3 ] = mat * ( rectCoords[ 3 ] - P );
	coords[ 0 ] = normalize( coords[ 0 ] );
	coords[ 1 ] = normalize( coords[ 1 ] );
	coords[ 2 ] = normalize( coords[ 2 ] );
	coords[ 3 ] = normalize( coords[ 3 ] );
	vec3 vectorFormFactor = vec3( 0.0 );
	vectorFormFactor += LTC_EdgeVectorFormFactor( coords[ 0 ], coords[ 1 ] );
	vectorFormFactor += LTC_EdgeVectorFormFactor( coords[ 1 ], coords[ 2 ] );
	vectorFormFactor += LTC_EdgeVectorFormFactor( coords[ 2 ], coords[ 3 ] );
	vectorFormFactor += LTC_EdgeVectorFormFactor( coords[ 3 ], coords[ 0 ] );
	float result = LTC_ClippedSphereFormFactor( vectorFormFactor );
	return vec3( result );
}
#if defined( USE_SHEEN )
float D_Charlie( float roughness, float dotNH ) {
	float alpha = pow2( roughness );
	float invAlpha = 1.0 / alpha;
	float cos2h = dotNH * dotNH;
	float sin2h = max( 1.0 - cos2h, 0.0078125 );
	return ( 2.0 + invAlpha ) * pow( sin2h, invAlpha * 0.5 ) / ( 2.0 * PI );
}
float V_Neubelt( float dotNV, float dotNL ) {
	return saturate( 1.0 / ( 4.0 * ( dotNL + dotNV - dotNL * dotNV ) ) );
}
vec3 BRDF_Sheen( const in vec3 lightDir, const in vec3 viewDir, const in vec3 normal, vec3 sheenColor, const in float sheenRoughness ) {
	vec3 halfDir = normalize( lightDir + viewDir );
	float dotNL = saturate( dot( normal, lightDir ) );
	float dotNV = saturate( dot( normal, viewDir ) );
	float dotNH = saturate( dot( normal, halfDir ) );
	float D = D_Charlie( sheenRoughness, dotNH );
	float V = V_Neubelt( dotNV, dotNL );
	return sheenColor * ( D * V );
}
#endif
float IBLSheenBRDF( const in vec3 normal, const in vec3 viewDir, const in float roughness ) {
	float dotNV = saturate( dot( normal, viewDir ) );
	float r2 = roughness * roughness;
	float rInv = 1.0 / ( roughness + 0.1 );
	float a = -1.9362 + 1.0678 * roughness + 0.4573 * r2 - 0.8469 * rInv;
	float b = -0.6014 + 0.5538 * roughness - 0.4670 * r2 - 0.1255 * rInv;
	float DG = exp( a * dotNV + b );
	return saturate( DG );
}
vec3 EnvironmentBRDF( const in vec3 normal, const in vec3 viewDir, const in vec3 specularColor, const in float specularF90, const in float roughness ) {
	float dotNV = saturate( dot( normal, viewDir ) );
	vec2 fab = texture2D( dfgLUT, vec2( roughness, dotNV ) ).rg;
	return specularColor * fab.x + specularF90 * fab.y;
}
#ifdef USE_IRIDESCENCE
void computeMultiscatteringIridescence( const in vec2 fab, const in vec3 specularColor, const in float specularF90, const in float iridescence, const in vec3 iridescenceF0, inout vec3 singleScatter, inout vec3 multiScatter ) {
#else
void computeMultiscattering( const in vec2 fab, const in vec3 specularColor, const in float specularF90, inout vec3 singleScatter, inout vec3 multiScatter ) {
#endif
	#ifdef USE_IRIDESCENCE
		vec3 Fr = mix( specularColor, iridescenceF0, iridescence );
	#else
		vec3 Fr = specularColor;
	#endif
	vec3 FssEss = Fr * fab.x + specularF90 * fab.y;
	float Ess = fab.x + fab.y;
	float Ems = 1.0 - Ess;
	vec3 Favg = Fr + ( 1.0 - Fr ) * 0.047619;	vec3 Fms = FssEss * Favg / ( 1.0 - Ems * Favg );
	singleScatter += FssEss;
	multiScatter += Fms * Ems;
}
#if NUM_RECT_AREA_LIGHTS > 0
	void RE_Direct_RectArea_Physical( const in RectAreaLight rectAreaLight, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in PhysicalMaterial material, inout ReflectedLight reflectedLight ) {
		vec3 normal = geometryNormal;
		vec3 viewDir = geometryViewDir;
		vec3 position = geometryPosition;
		vec3 lightPos = rectAreaLight.position;
		vec3 halfWidth = rectAreaLight.halfWidth;
		vec3 halfHeight = rectAreaLight.halfHeight;
		vec3 lightColor = rectAreaLight.color;
		float roughness = material.roughness;
		vec3 rectCoords[ 4 ];
		rectCoords[ 0 ] = lightPos + halfWidth - halfHeight;		rectCoords[ 1 ] = lightPos - halfWidth - halfHeight;
		rectCoords[ 2 ] = lightPos - halfWidth + halfHeight;
		rectCoords[ 3 ] = lightPos + halfWidth + halfHeight;
		vec2 uv = LTC_Uv( normal, viewDir, roughness );
		vec4 t1 = texture2D( ltc_1, uv );
		vec4 t2 = texture2D( ltc_2, uv );
		mat3 mInv = mat3(
			vec3( t1.x, 0, t1.y ),
			vec3(    0, 1,    0 ),
			vec3( t1.z, 0, t1.w )
		);
		vec3 fresnel = ( material.specularColorBlended * t2.x + ( material.specularF90 - material.specularColorBlended ) * t2.y );
		reflectedLight.directSpecular += lightColor * fresnel * LTC_Evaluate( normal, viewDir, position, mInv, rectCoords );
		reflectedLight.directDiffuse += lightColor * material.diffuseContribution * LTC_Evaluate( normal, viewDir, position, mat3( 1.0 ), rectCoords );
		#ifdef USE_CLEARCOAT
			vec3 Ncc = geometryClearcoatNormal;
			vec2 uvClearcoat = LTC_Uv( Ncc, viewDir, material.clearcoatRoughness );
			vec4 t1Clearcoat = texture2D( ltc_1, uvClearcoat );
			vec4 t2Clearcoat = texture2D( ltc_2, uvClearcoat );
			mat3 mInvClearcoat = mat3(
				vec3( t1Clearcoat.x, 0, t1Clearcoat.y ),
				vec3(             0, 1,             0 ),
				vec3( t1Clearcoat.z, 0, t1Clearcoat.w )
			);
			vec3 fresnelClearcoat = material.clearcoatF0 * t2Clearcoat.x + ( material.clearcoatF90 - material.clearcoatF0 ) * t2Clearcoat.y;
			clearcoatSpecularDirect += lightColor * fresnelClearcoat * LTC_Evaluate( Ncc, viewDir, position, mInvClearcoat, rectCoords );
		#endif
	}
#endif
void RE_Direct_Physical( const in IncidentLight directLight, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in PhysicalMaterial material, inout ReflectedLight reflectedLight ) {
	float dotNL = saturate( dot( geometryNormal, directLight.direction ) );
	vec3 irradiance = dotNL * directLight.color;
	#ifdef USE_CLEARCOAT
		float dotNLcc = saturate( dot( geometryClearcoatNormal, directLight.direction ) );
		vec3 ccIrradiance = dotNLcc * directLight.color;
		clearcoatSpecularDirect += ccIrradiance * BRDF_GGX_Clearcoat( directLight.direction, geometryViewDir, geometryClearcoatNormal, material );
	#endif
	#ifdef USE_SHEEN
 
 		sheenSpecularDirect += irradiance * BRDF_Sheen( directLight.direction, geometryViewDir, geometryNormal, material.sheenColor, material.sheenRoughness );
 
 		float sheenAlbedoV = IBLSheenBRDF( geometryNormal, geometryViewDir, material.sheenRoughness );
 		float sheenAlbedoL = IBLSheenBRDF( geometryNormal, directLight.direction, material.sheenRoughness );
 
 		float sheenEnergyComp = 1.0 - max3( material.sheenColor ) * max( sheenAlbedoV, sheenAlbedoL );
 
 		irradiance *= sheenEnergyComp;
 
 	#endif
	vec3 specularBRDF = BRDF_GGX( directLight.direction, geometryViewDir, geometryNormal, material );
	#ifdef USE_RETROREFLECTION
		vec3 retroViewDir = reflect( - geometryViewDir, geometryNormal );
		vec3 retroSpecularBRDF = BRDF_GGX( directLight.direction, retroViewDir, geometryNormal, material );
		specularBRDF = mix( specularBRDF, retroSpecularBRDF, saturate( material.retroreflectivity ) );
	#endif
	reflectedLight.directSpecular += irradiance * specularBRDF * material.multiScatteringCompensation;
	vec3 halfDir = normalize( directLight.direction + geometryViewDir );
	float dotVH = saturate( dot( geometryViewDir, halfDir ) );
	vec3 F = F_Schlick( material.specularColor, material.specularF90, dotVH );
	#ifdef USE_RETROREFLECTION
		vec3 retroHalfDir = normalize( directLight.direction + retroViewDir );
		float dotRetroVH = saturate( dot( retroViewDir, retroHalfDir ) );
		vec3 retroF = F_Schlick( material.specularColor, material.specularF90, dotRetroVH );
		F = mix( F, retroF, saturate( material.retroreflectivity ) );
	#endif
	#ifdef USE_DIFFUSE_ROUGHNESS
		vec3 diffuseBRDF = BRDF_EON( directLight.direction, geometryViewDir, geometryNormal, material.diffuseColor, material.diffuseRoughness ) * ( 1.0 - material.metalness );
	#else
		vec3 diffuseBRDF = BRDF_Lambert( material.diffuseContribution );
	#endif
	reflectedLight.directDiffuse += irradiance * diffuseBRDF * ( 1.0 - F );
}
void RE_IndirectDiffuse_Physical( const in vec3 irradiance, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in PhysicalMaterial material, inout ReflectedLight reflectedLight ) {
	vec3 singleScattering = vec3( 0.0 );
	vec3 multiScattering = vec3( 0.0 );
	#ifdef USE_IRIDESCENCE
		computeMultiscatteringIridescence( material.dfg, material.specularColor, material.specularF90, material.iridescence, material.iridescenceF0Dielectric, singleScattering, multiScattering );
	#else
		computeMultiscattering( material.dfg, material.specularColor, material.specularF90, singleScattering, multiScattering );
	#endif
	#ifdef USE_DIFFUSE_ROUGHNESS
		float dotNV = saturate( dot( geometryNormal, geometryViewDir ) );
		vec3 diffuseAlbedo = EON_DirectionalAlbedo( material.diffuseColor, material.diffuseRoughness, dotNV ) * ( 1.0 - material.metalness );
		vec3 diffuse = irradiance * RECIPROCAL_PI * diffuseAlbedo * ( 1.0 - singleScattering - multiScattering );
	#else
		vec3 diffuse = irradiance * BRDF_Lambert( material.diffuseContribution ) * ( 1.0 - singleScattering - multiScattering );
	#endif
	#ifdef USE_SHEEN
		float sheenAlbedo = IBLSheenBRDF( geometryNormal, geometryViewDir, material.sheenRoughness );
		sheenSpecularIndirect += irradiance * material.sheenColor * sheenAlbedo * RECIPROCAL_PI;
		float sheenEnergyComp = 1.0 - max3( material.sheenColor ) * sheenAlbedo;
		diffuse *= sheenEnergyComp;
	#endif
	reflectedLight.indirectDiffuse += diffuse;
}
void RE_IndirectSpecular_Physical( const in vec3 radiance, const in vec3 irradiance, const in vec3 clearcoatRadiance, const in vec3 geometryPosition, const in vec3 geometryNormal, const in vec3 geometryViewDir, const in vec3 geometryClearcoatNormal, const in PhysicalMaterial material, inout ReflectedLight reflectedLight) {
	#ifdef USE_CLEARCOAT
		clearcoatSpecularIndirect += clearcoatRadiance * EnvironmentBRDF( geometryClearcoatNormal, geometryViewDir, material.clearcoatF0, material.clearcoatF90, material.clearcoatRoughness );
	#endif
	#ifdef USE_SHEEN
		sheenSpecularIndirect += irradiance * material.sheenColor * IBLSheenBRDF( geometryNormal, geometryViewDir, material.sheenRoughness ) * RECIPROCAL_PI;
 	#endif
	vec3 singleScatteringDielectric = vec3( 0.0 );
	vec3 multiScatteringDielectric = vec3( 0.0 );
	vec3 singleScatteringMetallic = vec3( 0.0 );
	vec3 multiScatteringMetallic = vec3( 0.0 );
	#ifdef USE_IRIDESCENCE
		computeMultiscatteringIridescence( material.dfg, material.specularColor, material.specularF90, material.iridescence, material.iridescenceF0Dielectric, singleScatteringDielectric, multiScatteringDielectric );
		computeMultiscatteringIridescence( material.dfg, material.diffuseColor, material.specularF90, material.iridescence, material.iridescenceF0Metallic, singleScatteringMetallic, multiScatteringMetallic );
	#else
		computeMultiscattering( material.dfg, material.specularColor, material.specularF90, singleScatteringDielectric, multiScatteringDielectric );
		computeMultiscattering( material.dfg, material.diffuseColor, material.specularF90, singleScatteringMetallic, multiScatteringMetallic );
	#endif
	vec3 singleScattering = mix( singleScatteringDielectric, singleScatteringMetallic, material.metalness );
	vec3 multiScattering = mix( multiScatteringDielectric, multiScatteringMetallic, material.metalness );
	vec3 totalScatteringDielectric = singleScatteringDielectric + multiScatteringDielectric;
	#ifdef USE_DIFFUSE_ROUGHNESS
		float dotNV = saturate( dot( geometryNormal, geometryViewDir ) );
		vec3 diffuse = EON_DirectionalAlbedo( material.diffuseColor, material.diffuseRoughness, dotNV ) * ( 1.0 - material.metalness ) * ( 1.0 - totalScatteringDielectric );
	#else
		vec3 diffuse = material.diffuseContribution * ( 1.0 - totalScatteringDielectric );
	#endif
	vec3 cosineWeightedIrradiance = irradiance * RECIPROCAL_PI;
	vec3 indirectSpecular = radiance * singleScattering;
	indirectSpecular += multiScattering * cosineWeightedIrradiance;
	vec3 indirectDiffuse = diffuse * cosineWeightedIrradiance;
	#ifdef USE_SHEEN
		float sheenAlbedo = IBLSheenBRDF( geometryNormal, geometryViewDir, material.sheenRoughness );
		float sheenEnergyComp = 1.0 - max3( material.sheenColor ) * sheenAlbedo;
		indirectSpecular *= sheenEnergyComp;
		indirectDiffuse *= sheenEnergyComp;
	#endif
	reflectedLight.indirectSpecular += indirectSpecular;
	reflectedLight.indirectDiffuse += indirectDiffuse;
}
#define RE_Direct				RE_Direct_Physical
#define RE_Direct_RectArea		RE_Direct_RectArea_Physical
#define RE_IndirectDiffuse		RE_IndirectDiffuse_Physical
#define RE_IndirectSpecular		RE_IndirectSpecular_Physical
float computeSpecularOcclusion( const in float dotNV, const in float ambientOcclusion, const in float roughness ) {
	return saturate( pow( dotNV + ambientOcclusion, exp2( - 16.0 * roughness - 1.0 ) ) - 1.0 + ambientOcclusion );
}`,j_=`
vec3 geometryPosition = - vViewPosition;
vec3 geometryNormal = normal;
vec3 geometryViewDir = ( isOrthographic ) ? vec3( 0, 0, 1 ) : normalize( vViewPosition );
vec3 geometryClearcoatNormal = vec3( 0.0 );
#ifdef USE_CLEARCOAT
	geometryClearcoatNormal = clearcoatNormal;
#endif
#ifdef USE_IRIDESCENCE
	float dotNVi = saturate( dot( normal, geometryViewDir ) );
	if ( material.iridescenceThickness == 0.0 ) {
		material.iridescence = 0.0;
	} else {
		material.iridescence = saturate( material.iridescence );
	}
	if ( material.iridescence > 0.0 ) {
		vec3 iridescenceFresnelDielectric = evalIridescence( 1.0, material.iridescenceIOR, dotNVi, material.iridescenceThickness, material.specularColor );
		vec3 iridescenceFresnelMetallic = evalIridescence( 1.0, material.iridescenceIOR, dotNVi, material.iridescenceThickness, material.diffuseColor );
		material.iridescenceFresnel = mix( iridescenceFresnelDielectric, iridescenceFresnelMetallic, material.metalness );
		material.iridescenceF0Dielectric = Schlick_to_F0( iridescenceFresnelDielectric, 1.0, dotNVi );
		material.iridescenceF0Metallic = Schlick_to_F0( iridescenceFresnelMetallic, 1.0, dotNVi );
	}
#endif
#ifdef STANDARD
	float dotNVms = saturate( dot( geometryNormal, geometryViewDir ) );
	material.dfg = texture2D( dfgLUT, vec2( material.roughness, dotNVms ) ).rg;
	#if ( NUM_SUN_LIGHTS > 0 || NUM_DIR_LIGHTS > 0 || NUM_POINT_LIGHTS > 0 || NUM_SPOT_LIGHTS > 0 )
		float EssMs = material.dfg.x + material.dfg.y;
		material.multiScatteringCompensation = 1.0 + material.specularColorBlended * ( 1.0 / EssMs - 1.0 );
	#endif
#endif
IncidentLight directLight;
#if ( NUM_POINT_LIGHTS > 0 ) && defined( RE_Direct )
	PointLight pointLight;
	#if defined( USE_SHADOWMAP ) && NUM_POINT_LIGHT_SHADOWS > 0
	PointLightShadow pointLightShadow;
	#endif
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_POINT_LIGHTS; i ++ ) {
		pointLight = pointLights[ i ];
		getPointLightInfo( pointLight, geometryPosition, directLight );
		#if defined( USE_SHADOWMAP ) && ( UNROLLED_LOOP_INDEX < NUM_POINT_LIGHT_SHADOWS ) && ( defined( SHADOWMAP_TYPE_PCF ) || defined( SHADOWMAP_TYPE_BASIC ) )
		pointLightShadow = pointLightShadows[ i ];
		directLight.color *= ( directLight.visible && receiveShadow ) ? getPointShadow( pointShadowMap[ i ], pointLightShadow.shadowMapSize, pointLightShadow.shadowIntensity, pointLightShadow.shadowBias, pointLightShadow.shadowRadius, vPointShadowCoord[ i ], pointLightShadow.shadowCameraNear, pointLightShadow.shadowCameraFar ) : 1.0;
		#endif
		RE_Direct( directLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
	}
	#pragma unroll_loop_end
#endif
#if ( NUM_SPOT_LIGHTS > 0 ) && defined( RE_Direct )
	SpotLight spotLight;
	vec4 spotColor;
	vec3 spotLightCoord;
	bool inSpotLightMap;
	#if defined( USE_SHADOWMAP ) && NUM_SPOT_LIGHT_SHADOWS > 0
	SpotLightShadow spotLightShadow;
	#endif
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_SPOT_LIGHTS; i ++ ) {
		spotLight = spotLights[ i ];
		getSpotLightInfo( spotLight, geometryPosition, directLight );
		#if ( UNROLLED_LOOP_INDEX < NUM_SPOT_LIGHT_SHADOWS_WITH_MAPS )
		#define SPOT_LIGHT_MAP_INDEX UNROLLED_LOOP_INDEX
		#elif ( UNROLLED_LOOP_INDEX < NUM_SPOT_LIGHT_SHADOWS )
		#define SPOT_LIGHT_MAP_INDEX NUM_SPOT_LIGHT_MAPS
		#else
		#define SPOT_LIGHT_MAP_INDEX ( UNROLLED_LOOP_INDEX - NUM_SPOT_LIGHT_SHADOWS + NUM_SPOT_LIGHT_SHADOWS_WITH_MAPS )
		#endif
		#if ( SPOT_LIGHT_MAP_INDEX < NUM_SPOT_LIGHT_MAPS )
			spotLightCoord = vSpotLightCoord[ i ].xyz / vSpotLightCoord[ i ].w;
			inSpotLightMap = all( lessThan( abs( spotLightCoord * 2. - 1. ), vec3( 1.0 ) ) );
			spotColor = texture2D( spotLightMap[ SPOT_LIGHT_MAP_INDEX ], spotLightCoord.xy );
			directLight.color = inSpotLightMap ? directLight.color * spotColor.rgb : directLight.color;
		#endif
		#undef SPOT_LIGHT_MAP_INDEX
		#if defined( USE_SHADOWMAP ) && ( UNROLLED_LOOP_INDEX < NUM_SPOT_LIGHT_SHADOWS )
		spotLightShadow = spotLightShadows[ i ];
		directLight.color *= ( directLight.visible && receiveShadow ) ? getShadow( spotShadowMap[ i ], spotLightShadow.shadowMapSize, spotLightShadow.shadowIntensity, spotLightShadow.shadowBias, spotLightShadow.shadowRadius, vSpotLightCoord[ i ] ) : 1.0;
		#endif
		RE_Direct( directLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
	}
	#pragma unroll_loop_end
#endif
#if ( NUM_SUN_LIGHTS > 0 ) && defined( RE_Direct )
	SunLight sunLight;
	#if defined( USE_SHADOWMAP ) && NUM_SUN_LIGHT_SHADOWS > 0
	SunLightShadow sunLightShadow;
	#endif
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_SUN_LIGHTS; i ++ ) {
		sunLight = sunLights[ i ];
		getSunLightInfo( sunLight, directLight );
		#if defined( USE_SHADOWMAP ) && ( UNROLLED_LOOP_INDEX < NUM_SUN_LIGHT_SHADOWS )
		sunLightShadow = sunLightShadows[ i ];
		directLight.color *= ( directLight.visible && receiveShadow ) ? getSunShadow( sunShadowMap[ i ], sunLightShadow, UNROLLED_LOOP_INDEX ) : 1.0;
		#endif
		RE_Direct( directLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
	}
	#pragma unroll_loop_end
#endif
#if ( NUM_DIR_LIGHTS > 0 ) && defined( RE_Direct )
	DirectionalLight directionalLight;
	#if defined( USE_SHADOWMAP ) && NUM_DIR_LIGHT_SHADOWS > 0
	DirectionalLightShadow directionalLightShadow;
	#endif
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_DIR_LIGHTS; i ++ ) {
		directionalLight = directionalLights[ i ];
		getDirectionalLightInfo( directionalLight, directLight );
		#if defined( USE_SHADOWMAP ) && ( UNROLLED_LOOP_INDEX < NUM_DIR_LIGHT_SHADOWS )
		directionalLightShadow = directionalLightShadows[ i ];
		directLight.color *= ( directLight.visible && receiveShadow ) ? getShadow( directionalShadowMap[ i ], directionalLightShadow.shadowMapSize, directionalLightShadow.shadowIntensity, directionalLightShadow.shadowBias, directionalLightShadow.shadowRadius, vDirectionalShadowCoord[ i ] ) : 1.0;
		#endif
		RE_Direct( directLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
	}
	#pragma unroll_loop_end
#endif
#if ( NUM_RECT_AREA_LIGHTS > 0 ) && defined( RE_Direct_RectArea )
	RectAreaLight rectAreaLight;
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_RECT_AREA_LIGHTS; i ++ ) {
		rectAreaLight = rectAreaLights[ i ];
		RE_Direct_RectArea( rectAreaLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
	}
	#pragma unroll_loop_end
#endif
#if defined( RE_IndirectDiffuse )
	vec3 iblIrradiance = vec3( 0.0 );
	vec3 irradiance = getAmbientLightIrradiance( ambientLightColor );
	#if defined( USE_LIGHT_PROBES )
		irradiance += getLightProbeIrradiance( lightProbe, geometryNormal );
	#endif
	#if ( NUM_HEMI_LIGHTS > 0 )
		#pragma unroll_loop_start
		for ( int i = 0; i < NUM_HEMI_LIGHTS; i ++ ) {
			irradiance += getHemisphereLightIrradiance( hemisphereLights[ i ], geometryNormal );
		}
		#pragma unroll_loop_end
	#endif
	#if NUM_LIGHT_PROBE_GRIDS > 0
		vec3 probeWorldPos = ( ( vec4( geometryPosition, 1.0 ) - viewMatrix[ 3 ] ) * viewMatrix ).xyz;
		vec3 probeWorldNormal = transformNormalByInverseViewMatrix( geometryNormal, viewMatrix );
		int probeGrid = - 1;
		#pragma unroll_loop_start
		for ( int i = 0; i < NUM_LIGHT_PROBE_GRIDS; i ++ ) {
			if ( isInsideLightProbeGrid( probeWorldPos, probeWorldNormal, probesMin[ i ], probesMax[ i ], probesResolution[ i ] ) ) probeGrid = UNROLLED_LOOP_INDEX;
		}
		#pragma unroll_loop_end
		#pragma unroll_loop_start
		for ( int i = 0; i < NUM_LIGHT_PROBE_GRIDS; i ++ ) {
			if ( probeGrid == UNROLLED_LOOP_INDEX ) irradiance += getLightProbeGridIrradiance( probesSH[ i ], probesMin[ i ], probesMax[ i ], probesResolution[ i ], probeWorldPos, probeWorldNormal );
		}
		#pragma unroll_loop_end
	#endif
#endif
#if defined( RE_IndirectSpecular )
	vec3 radiance = vec3( 0.0 );
	vec3 clearcoatRadiance = vec3( 0.0 );
#endif`,ex=`#if defined( RE_IndirectDiffuse )
	#ifdef USE_LIGHTMAP
		vec4 lightMapTexel = texture2D( lightMap, vLightMapUv );
		vec3 lightMapIrradiance = lightMapTexel.rgb * lightMapIntensity;
		irradiance += lightMapIrradiance;
	#endif
	#if defined( USE_ENVMAP ) && defined( ENVMAP_TYPE_PMREM )
		#if defined( STANDARD ) || defined( LAMBERT ) || defined( PHONG )
			iblIrradiance += getIBLIrradiance( geometryNormal );
		#endif
	#endif
#endif
#if defined( USE_ENVMAP ) && defined( RE_IndirectSpecular )
	#ifdef USE_ANISOTROPY
		vec3 iblRadiance = getIBLAnisotropyRadiance( geometryViewDir, geometryNormal, material.roughness, material.anisotropyB, material.anisotropy );
	#else
		vec3 iblRadiance = getIBLRadiance( geometryViewDir, geometryNormal, material.roughness );
	#endif
	#ifdef USE_RETROREFLECTION
		#ifdef USE_ANISOTROPY
			vec3 retroIBLRadiance = getIBLAnisotropyRetroRadiance( geometryViewDir, geometryNormal, material.roughness, material.anisotropyB, material.anisotropy );
		#else
			vec3 retroIBLRadiance = getIBLRetroRadiance( geometryViewDir, geometryNormal, material.roughness );
		#endif
		iblRadiance = mix( iblRadiance, retroIBLRadiance, saturate( material.retroreflectivity ) );
	#endif
	radiance += iblRadiance;
	#ifdef USE_CLEARCOAT
		clearcoatRadiance += getIBLRadiance( geometryViewDir, geometryClearcoatNormal, material.clearcoatRoughness );
	#endif
#endif`,tx=`#if defined( RE_IndirectDiffuse )
	#if defined( LAMBERT ) || defined( PHONG )
		irradiance += iblIrradiance;
	#endif
	RE_IndirectDiffuse( irradiance, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
#endif
#if defined( RE_IndirectSpecular )
	RE_IndirectSpecular( radiance, iblIrradiance, clearcoatRadiance, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight );
#endif`,nx=`#if NUM_LIGHT_PROBE_GRIDS > 0
uniform highp sampler3D probesSH[ NUM_LIGHT_PROBE_GRIDS ];
uniform vec3 probesMin[ NUM_LIGHT_PROBE_GRIDS ];
uniform vec3 probesMax[ NUM_LIGHT_PROBE_GRIDS ];
uniform vec3 probesResolution[ NUM_LIGHT_PROBE_GRIDS ];
bool isInsideLightProbeGrid( vec3 worldPos, vec3 worldNormal, vec3 probesMin, vec3 probesMax, vec3 probesResolution ) {
	vec3 spacing = ( probesMax - probesMin ) / probesResolution;
	vec3 samplePos = worldPos + worldNormal * spacing * 0.5;
	vec3 margin = spacing * 0.01;
	return all( greaterThanEqual( samplePos, probesMin - margin ) ) && all( lessThanEqual( samplePos, probesMax + margin ) );
}
vec3 getLightProbeGridIrradiance( highp sampler3D probesSH, vec3 probesMin, vec3 probesMax, vec3 probesResolution, vec3 worldPos, vec3 worldNormal ) {
	vec3 res = probesResolution;
	vec3 gridRange = probesMax - probesMin;
	vec3 probeSpacing = gridRange / res;
	vec3 samplePos = worldPos + worldNormal * probeSpacing * 0.5;
	vec3 uvw = clamp( ( samplePos - probesMin ) / gridRange, 0.5 / res, 1.0 - 0.5 / res );
	float nz          = res.z;
	float paddedSlices = nz + 2.0;
	float atlasDepth  = 7.0 * paddedSlices;
	float uvZBase     = uvw.z * nz + 1.0;
	vec4 s0 = texture( probesSH, vec3( uvw.xy, ( uvZBase                       ) / atlasDepth ) );
	vec4 s1 = texture( probesSH, vec3( uvw.xy, ( uvZBase +       paddedSlices   ) / atlasDepth ) );
	vec4 s2 = texture( probesSH, vec3( uvw.xy, ( uvZBase + 2.0 * paddedSlices   ) / atlasDepth ) );
	vec4 s3 = texture( probesSH, vec3( uvw.xy, ( uvZBase + 3.0 * paddedSlices   ) / atlasDepth ) );
	vec4 s4 = texture( probesSH, vec3( uvw.xy, ( uvZBase + 4.0 * paddedSlices   ) / atlasDepth ) );
	vec4 s5 = texture( probesSH, vec3( uvw.xy, ( uvZBase + 5.0 * paddedSlices   ) / atlasDepth ) );
	vec4 s6 = texture( probesSH, vec3( uvw.xy, ( uvZBase + 6.0 * paddedSlices   ) / atlasDepth ) );
	vec3 c0 = s0.xyz;
	vec3 c1 = vec3( s0.w, s1.xy );
	vec3 c2 = vec3( s1.zw, s2.x );
	vec3 c3 = s2.yzw;
	vec3 c4 = s3.xyz;
	vec3 c5 = vec3( s3.w, s4.xy );
	vec3 c6 = vec3( s4.zw, s5.x );
	vec3 c7 = s5.yzw;
	vec3 c8 = s6.xyz;
	float x = worldNormal.x, y = worldNormal.y, z = worldNormal.z;
	vec3 result = c0 * 0.886227;
	result += c1 * 2.0 * 0.511664 * y;
	result += c2 * 2.0 * 0.511664 * z;
	result += c3 * 2.0 * 0.511664 * x;
	result += c4 * 2.0 * 0.429043 * x * y;
	result += c5 * 2.0 * 0.429043 * y * z;
	result += c6 * ( 0.743125 * z * z - 0.247708 );
	result += c7 * 2.0 * 0.429043 * x * z;
	result += c8 * 0.429043 * ( x * x - y * y );
	return max( result, vec3( 0.0 ) );
}
#endif`,ix=`#if defined( USE_LOGARITHMIC_DEPTH_BUFFER )
	gl_FragDepth = vIsPerspective == 0.0 ? gl_FragCoord.z : log2( vFragDepth ) * logDepthBufFC * 0.5;
#endif`,sx=`#if defined( USE_LOGARITHMIC_DEPTH_BUFFER )
	uniform float logDepthBufFC;
	varying float vFragDepth;
	varying float vIsPerspective;
#endif`,rx=`#ifdef USE_LOGARITHMIC_DEPTH_BUFFER
	varying float vFragDepth;
	varying float vIsPerspective;
#endif`,ox=`#ifdef USE_LOGARITHMIC_DEPTH_BUFFER
	vFragDepth = 1.0 + gl_Position.w;
	vIsPerspective = float( isPerspectiveMatrix( projectionMatrix ) );
#endif`,ax=`#ifdef USE_MAP
	vec4 sampledDiffuseColor = texture2D( map, vMapUv );
	#ifdef DECODE_VIDEO_TEXTURE
		sampledDiffuseColor = sRGBTransferEOTF( sampledDiffuseColor );
	#endif
	diffuseColor *= sampledDiffuseColor;
#endif`,lx=`#ifdef USE_MAP
	uniform sampler2D map;
#endif`,cx=`#if defined( USE_MAP ) || defined( USE_ALPHAMAP )
	#if defined( USE_POINTS_UV )
		vec2 uv = vUv;
	#else
		vec2 uv = ( uvTransform * vec3( gl_PointCoord.x, 1.0 - gl_PointCoord.y, 1 ) ).xy;
	#endif
#endif
#ifdef USE_MAP
	diffuseColor *= texture2D( map, uv );
#endif
#ifdef USE_ALPHAMAP
	diffuseColor.a *= texture2D( alphaMap, uv ).g;
#endif`,hx=`#if defined( USE_POINTS_UV )
	varying vec2 vUv;
#else
	#if defined( USE_MAP ) || defined( USE_ALPHAMAP )
		uniform mat3 uvTransform;
	#endif
#endif
#ifdef USE_MAP
	uniform sampler2D map;
#endif
#ifdef USE_ALPHAMAP
	uniform sampler2D alphaMap;
#endif`,ux=`float metalnessFactor = metalness;
#ifdef USE_METALNESSMAP
	vec4 texelMetalness = texture2D( metalnessMap, vMetalnessMapUv );
	metalnessFactor *= texelMetalness.b;
#endif`,dx=`#ifdef USE_METALNESSMAP
	uniform sampler2D metalnessMap;
#endif`,fx=`#ifdef USE_INSTANCING_MORPH
	float morphTargetInfluences[ MORPHTARGETS_COUNT ];
	float morphTargetBaseInfluence = texelFetch( morphTexture, ivec2( 0, gl_InstanceID ), 0 ).r;
	for ( int i = 0; i < MORPHTARGETS_COUNT; i ++ ) {
		morphTargetInfluences[i] =  texelFetch( morphTexture, ivec2( i + 1, gl_InstanceID ), 0 ).r;
	}
#endif`,px=`#if defined( USE_MORPHCOLORS )
	#if defined( USE_COLOR_ALPHA )
		vColor *= morphTargetBaseInfluence;
	#elif defined( USE_COLOR )
		vColor.rgb *= morphTargetBaseInfluence;
	#endif
	for ( int i = 0; i < MORPHTARGETS_COUNT; i ++ ) {
		#if defined( USE_COLOR_ALPHA )
			if ( morphTargetInfluences[ i ] != 0.0 ) vColor += getMorph( gl_VertexID, i, 2 ) * morphTargetInfluences[ i ];
		#elif defined( USE_COLOR )
			if ( morphTargetInfluences[ i ] != 0.0 ) vColor.rgb += getMorph( gl_VertexID, i, 2 ).rgb * morphTargetInfluences[ i ];
		#endif
	}
#endif`,mx=`#ifdef USE_MORPHNORMALS
	objectNormal *= morphTargetBaseInfluence;
	for ( int i = 0; i < MORPHTARGETS_COUNT; i ++ ) {
		if ( morphTargetInfluences[ i ] != 0.0 ) objectNormal += getMorph( gl_VertexID, i, 1 ).xyz * morphTargetInfluences[ i ];
	}
#endif`,gx=`#ifdef USE_MORPHTARGETS
	#ifndef USE_INSTANCING_MORPH
		uniform float morphTargetBaseInfluence;
		uniform float morphTargetInfluences[ MORPHTARGETS_COUNT ];
	#endif
	uniform sampler2DArray morphTargetsTexture;
	uniform ivec2 morphTargetsTextureSize;
	vec4 getMorph( const in int vertexIndex, const in int morphTargetIndex, const in int offset ) {
		int texelIndex = vertexIndex * MORPHTARGETS_TEXTURE_STRIDE + offset;
		int y = texelIndex / morphTargetsTextureSize.x;
		int x = texelIndex - y * morphTargetsTextureSize.x;
		ivec3 morphUV = ivec3( x, y, morphTargetIndex );
		return texelFetch( morphTargetsTexture, morphUV, 0 );
	}
#endif`,_x=`#ifdef USE_MORPHTARGETS
	transformed *= morphTargetBaseInfluence;
	for ( int i = 0; i < MORPHTARGETS_COUNT; i ++ ) {
		if ( morphTargetInfluences[ i ] != 0.0 ) transformed += getMorph( gl_VertexID, i, 0 ).xyz * morphTargetInfluences[ i ];
	}
#endif`,xx=`float faceDirection = gl_FrontFacing ? 1.0 : - 1.0;
#ifdef FLAT_SHADED
	vec3 fdx = dFdx( vViewPosition );
	vec3 fdy = dFdy( vViewPosition );
	vec3 normal = normalize( cross( fdx, fdy ) );
#else
	vec3 normal = normalize( vNormal );
	#ifdef DOUBLE_SIDED
		normal *= faceDirection;
	#endif
#endif
#if defined( USE_NORMALMAP_TANGENTSPACE ) || defined( USE_CLEARCOAT_NORMALMAP ) || defined( USE_ANISOTROPY )
	#ifdef USE_TANGENT
		mat3 tbn = mat3( normalize( vTangent ), normalize( vBitangent ), normal );
	#else
		mat3 tbn = getTangentFrame( - vViewPosition, normal,
		#if defined( USE_NORMALMAP )
			vNormalMapUv
		#elif defined( USE_CLEARCOAT_NORMALMAP )
			vClearcoatNormalMapUv
		#else
			vUv
		#endif
		);
	#endif
	#ifdef DOUBLE_SIDED
		tbn[0] *= faceDirection;
		tbn[1] *= faceDirection;
	#endif
#endif
#ifdef USE_CLEARCOAT_NORMALMAP
	#ifdef USE_TANGENT
		mat3 tbn2 = mat3( normalize( vTangent ), normalize( vBitangent ), normal );
	#else
		mat3 tbn2 = getTangentFrame( - vViewPosition, normal, vClearcoatNormalMapUv );
	#endif
	#ifdef DOUBLE_SIDED
		tbn2[0] *= faceDirection;
		tbn2[1] *= faceDirection;
	#endif
#endif
vec3 nonPerturbedNormal = normal;`,yx=`#ifdef USE_NORMALMAP_OBJECTSPACE
	normal = texture2D( normalMap, vNormalMapUv ).xyz * 2.0 - 1.0;
	#ifdef FLIP_SIDED
		normal = - normal;
	#endif
	#ifdef DOUBLE_SIDED
		normal = normal * faceDirection;
	#endif
	normal = normalize( normalMatrix * normal );
#elif defined( USE_NORMALMAP_TANGENTSPACE )
	vec3 mapN = texture2D( normalMap, vNormalMapUv ).xyz * 2.0 - 1.0;
	#if defined( USE_PACKED_NORMALMAP )
		mapN = vec3( mapN.xy, sqrt( saturate( 1.0 - dot( mapN.xy, mapN.xy ) ) ) );
	#endif
	mapN.xy *= normalScale;
	normal = normalize( tbn * mapN );
#elif defined( USE_BUMPMAP )
	normal = perturbNormalArb( - vViewPosition, normal, dHdxy_fwd(), faceDirection );
#endif`,vx=`#ifndef FLAT_SHADED
	varying vec3 vNormal;
	#ifdef USE_TANGENT
		varying vec3 vTangent;
		varying vec3 vBitangent;
	#endif
#endif`,Sx=`#ifndef FLAT_SHADED
	varying vec3 vNormal;
	#ifdef USE_TANGENT
		varying vec3 vTangent;
		varying vec3 vBitangent;
	#endif
#endif`,bx=`#ifndef FLAT_SHADED
	vNormal = normalize( transformedNormal );
	#ifdef USE_TANGENT
		vTangent = normalize( transformedTangent );
		vBitangent = normalize( cross( vNormal, vTangent ) * tangent.w );
		#ifdef FLIP_SIDED
			vBitangent = - vBitangent;
		#endif
	#endif
#endif`,Mx=`#ifdef USE_NORMALMAP
	uniform sampler2D normalMap;
	uniform vec2 normalScale;
#endif
#ifdef USE_NORMALMAP_OBJECTSPACE
	uniform mat3 normalMatrix;
#endif
#if ! defined ( USE_TANGENT ) && ( defined ( USE_NORMALMAP_TANGENTSPACE ) || defined ( USE_CLEARCOAT_NORMALMAP ) || defined( USE_ANISOTROPY ) )
	mat3 getTangentFrame( vec3 eye_pos, vec3 surf_norm, vec2 uv ) {
		vec3 q0 = dFdx( eye_pos.xyz );
		vec3 q1 = dFdy( eye_pos.xyz );
		vec2 st0 = dFdx( uv.st );
		vec2 st1 = dFdy( uv.st );
		vec3 N = surf_norm;
		vec3 q1perp = cross( q1, N );
		vec3 q0perp = cross( N, q0 );
		vec3 T = q1perp * st0.x + q0perp * st1.x;
		vec3 B = q1perp * st0.y + q0perp * st1.y;
		float det = max( dot( T, T ), dot( B, B ) );
		float scale = ( det == 0.0 ) ? 0.0 : inversesqrt( det );
		return mat3( T * scale, B * scale, N );
	}
#endif`,Ex=`#ifdef USE_CLEARCOAT
	vec3 clearcoatNormal = nonPerturbedNormal;
#endif`,Ax=`#ifdef USE_CLEARCOAT_NORMALMAP
	vec3 clearcoatMapN = texture2D( clearcoatNormalMap, vClearcoatNormalMapUv ).xyz * 2.0 - 1.0;
	clearcoatMapN.xy *= clearcoatNormalScale;
	clearcoatNormal = normalize( tbn2 * clearcoatMapN );
#endif`,Tx=`#ifdef USE_CLEARCOATMAP
	uniform sampler2D clearcoatMap;
#endif
#ifdef USE_CLEARCOAT_NORMALMAP
	uniform sampler2D clearcoatNormalMap;
	uniform vec2 clearcoatNormalScale;
#endif
#ifdef USE_CLEARCOAT_ROUGHNESSMAP
	uniform sampler2D clearcoatRoughnessMap;
#endif`,wx=`#ifdef USE_IRIDESCENCEMAP
	uniform sampler2D iridescenceMap;
#endif
#ifdef USE_IRIDESCENCE_THICKNESSMAP
	uniform sampler2D iridescenceThicknessMap;
#endif`,Rx=`#ifdef OPAQUE
diffuseColor.a = 1.0;
#endif
#ifdef USE_TRANSMISSION
diffuseColor.a *= material.transmissionAlpha;
#endif
gl_FragColor = vec4( outgoingLight, diffuseColor.a );`,Ix=`vec3 packNormalToRGB( const in vec3 normal ) {
	return normalize( normal ) * 0.5 + 0.5;
}
vec3 unpackRGBToNormal( const in vec3 rgb ) {
	return 2.0 * rgb.xyz - 1.0;
}
const float PackUpscale = 256. / 255.;const float UnpackDownscale = 255. / 256.;const float ShiftRight8 = 1. / 256.;
const float Inv255 = 1. / 255.;
const vec4 PackFactors = vec4( 1.0, 256.0, 256.0 * 256.0, 256.0 * 256.0 * 256.0 );
const vec2 UnpackFactors2 = vec2( UnpackDownscale, 1.0 / PackFactors.g );
const vec3 UnpackFactors3 = vec3( UnpackDownscale / PackFactors.rg, 1.0 / PackFactors.b );
const vec4 UnpackFactors4 = vec4( UnpackDownscale / PackFactors.rgb, 1.0 / PackFactors.a );
vec4 packDepthToRGBA( const in float v ) {
	if( v <= 0.0 )
		return vec4( 0., 0., 0., 0. );
	if( v >= 1.0 )
		return vec4( 1., 1., 1., 1. );
	float vuf;
	float af = modf( v * PackFactors.a, vuf );
	float bf = modf( vuf * ShiftRight8, vuf );
	float gf = modf( vuf * ShiftRight8, vuf );
	return vec4( vuf * Inv255, gf * PackUpscale, bf * PackUpscale, af );
}
vec3 packDepthToRGB( const in float v ) {
	if( v <= 0.0 )
		return vec3( 0., 0., 0. );
	if( v >= 1.0 )
		return vec3( 1., 1., 1. );
	float vuf;
	float bf = modf( v * PackFactors.b, vuf );
	float gf = modf( vuf * ShiftRight8, vuf );
	return vec3( vuf * Inv255, gf * PackUpscale, bf );
}
vec2 packDepthToRG( const in float v ) {
	if( v <= 0.0 )
		return vec2( 0., 0. );
	if( v >= 1.0 )
		return vec2( 1., 1. );
	float vuf;
	float gf = modf( v * 256., vuf );
	return vec2( vuf * Inv255, gf );
}
float unpackRGBAToDepth( const in vec4 v ) {
	return dot( v, UnpackFactors4 );
}
float unpackRGBToDepth( const in vec3 v ) {
	return dot( v, UnpackFactors3 );
}
float unpackRGToDepth( const in vec2 v ) {
	return v.r * UnpackFactors2.r + v.g * UnpackFactors2.g;
}
vec4 pack2HalfToRGBA( const in vec2 v ) {
	vec4 r = vec4( v.x, fract( v.x * 255.0 ), v.y, fract( v.y * 255.0 ) );
	return vec4( r.x - r.y / 255.0, r.y, r.z - r.w / 255.0, r.w );
}
vec2 unpackRGBATo2Half( const in vec4 v ) {
	return vec2( v.x + ( v.y / 255.0 ), v.z + ( v.w / 255.0 ) );
}
float viewZToOrthographicDepth( const in float viewZ, const in float near, const in float far ) {
	return ( viewZ + near ) / ( near - far );
}
float orthographicDepthToViewZ( const in float depth, const in float near, const in float far ) {
	#ifdef USE_REVERSED_DEPTH_BUFFER
	
		return depth * ( far - near ) - far;
	#else
		return depth * ( near - far ) - near;
	#endif
}
float viewZToPerspectiveDepth( const in float viewZ, const in float near, const in float far ) {
	return ( ( near + viewZ ) * far ) / ( ( far - near ) * viewZ );
}
float perspectiveDepthToViewZ( const in float depth, const in float near, const in float far ) {
	
	#ifdef USE_REVERSED_DEPTH_BUFFER
		return ( near * far ) / ( ( near - far ) * depth - near );
	#else
		return ( near * far ) / ( ( far - near ) * depth - far );
	#endif
}`,Cx=`#ifdef PREMULTIPLIED_ALPHA
	gl_FragColor.rgb *= gl_FragColor.a;
#endif`,Nx=`vec4 mvPosition = vec4( transformed, 1.0 );
#ifdef USE_BATCHING
	mvPosition = batchingMatrix * mvPosition;
#endif
#ifdef USE_INSTANCING
	mvPosition = instanceMatrix * mvPosition;
#endif
mvPosition = modelViewMatrix * mvPosition;
gl_Position = projectionMatrix * mvPosition;`,Px=`#ifdef DITHERING
	gl_FragColor.rgb = dithering( gl_FragColor.rgb );
#endif`,Lx=`#ifdef DITHERING
	vec3 dithering( vec3 color ) {
		float grid_position = rand( gl_FragCoord.xy );
		vec3 dither_shift_RGB = vec3( 0.25 / 255.0, -0.25 / 255.0, 0.25 / 255.0 );
		dither_shift_RGB = mix( 2.0 * dither_shift_RGB, -2.0 * dither_shift_RGB, grid_position );
		return color + dither_shift_RGB;
	}
#endif`,Dx=`float roughnessFactor = roughness;
#ifdef USE_ROUGHNESSMAP
	vec4 texelRoughness = texture2D( roughnessMap, vRoughnessMapUv );
	roughnessFactor *= texelRoughness.g;
#endif`,Ux=`#ifdef USE_ROUGHNESSMAP
	uniform sampler2D roughnessMap;
#endif`,Ox=`#if NUM_SPOT_LIGHT_COORDS > 0
	varying vec4 vSpotLightCoord[ NUM_SPOT_LIGHT_COORDS ];
#endif
#if NUM_SPOT_LIGHT_MAPS > 0
	uniform sampler2D spotLightMap[ NUM_SPOT_LIGHT_MAPS ];
#endif
#ifdef USE_SHADOWMAP
	#if NUM_SUN_LIGHT_SHADOWS > 0
		#define SUN_LIGHT_CASCADES 2
		#if defined( SHADOWMAP_TYPE_PCF )
			uniform sampler2DShadow sunShadowMap[ NUM_SUN_LIGHT_SHADOWS ];
		#else
			uniform sampler2D sunShadowMap[ NUM_SUN_LIGHT_SHADOWS ];
		#endif
		uniform mat4 sunShadowMatrix[ NUM_SUN_LIGHT_SHADOWS * SUN_LIGHT_CASCADES ];
		uniform vec4 sunShadowCascade[ NUM_SUN_LIGHT_SHADOWS * SUN_LIGHT_CASCADES ];
		varying vec4 vSunShadowWorldPosition;
		varying vec3 vSunShadowWorldNormal;
		struct SunLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
		};
		uniform SunLightShadow sunLightShadows[ NUM_SUN_LIGHT_SHADOWS ];
	#endif
	#if NUM_DIR_LIGHT_SHADOWS > 0
		#if defined( SHADOWMAP_TYPE_PCF )
			uniform sampler2DShadow directionalShadowMap[ NUM_DIR_LIGHT_SHADOWS ];
		#else
			uniform sampler2D directionalShadowMap[ NUM_DIR_LIGHT_SHADOWS ];
		#endif
		varying vec4 vDirectionalShadowCoord[ NUM_DIR_LIGHT_SHADOWS ];
		struct DirectionalLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
		};
		uniform DirectionalLightShadow directionalLightShadows[ NUM_DIR_LIGHT_SHADOWS ];
	#endif
	#if NUM_SPOT_LIGHT_SHADOWS > 0
		#if defined( SHADOWMAP_TYPE_PCF )
			uniform sampler2DShadow spotShadowMap[ NUM_SPOT_LIGHT_SHADOWS ];
		#else
			uniform sampler2D spotShadowMap[ NUM_SPOT_LIGHT_SHADOWS ];
		#endif
		struct SpotLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
		};
		uniform SpotLightShadow spotLightShadows[ NUM_SPOT_LIGHT_SHADOWS ];
	#endif
	#if NUM_POINT_LIGHT_SHADOWS > 0
		#if defined( SHADOWMAP_TYPE_PCF )
			uniform samplerCubeShadow pointShadowMap[ NUM_POINT_LIGHT_SHADOWS ];
		#elif defined( SHADOWMAP_TYPE_BASIC )
			uniform samplerCube pointShadowMap[ NUM_POINT_LIGHT_SHADOWS ];
		#endif
		varying vec4 vPointShadowCoord[ NUM_POINT_LIGHT_SHADOWS ];
		struct PointLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
			float shadowCameraNear;
			float shadowCameraFar;
		};
		uniform PointLightShadow pointLightShadows[ NUM_POINT_LIGHT_SHADOWS ];
	#endif
	#if defined( SHADOWMAP_TYPE_PCF )
		float interleavedGradientNoise( vec2 position ) {
			return fract( 52.9829189 * fract( dot( position, vec2( 0.06711056, 0.00583715 ) ) ) );
		}
		vec2 vogelDiskSample( int sampleIndex, int samplesCount, float phi ) {
			const float goldenAngle = 2.399963229728653;
			float r = sqrt( ( float( sampleIndex ) + 0.5 ) / float( samplesCount ) );
			float theta = float( sampleIndex ) * goldenAngle + phi;
			return vec2( cos( theta ), sin( theta ) ) * r;
		}
	#endif
	#if defined( SHADOWMAP_TYPE_PCF )
		float getShadow( sampler2DShadow shadowMap, vec2 shadowMapSize, float shadowIntensity, float shadowBias, float shadowRadius, vec4 shadowCoord ) {
			float shadow = 1.0;
			shadowCoord.xyz /= shadowCoord.w;
			#ifdef USE_REVERSED_DEPTH_BUFFER
				shadowCoord.z -= shadowBias;
			#else
				shadowCoord.z += shadowBias;
			#endif
			bool inFrustum = shadowCoord.x >= 0.0 && shadowCoord.x <= 1.0 && shadowCoord.y >= 0.0 && shadowCoord.y <= 1.0;
			bool frustumTest = inFrustum && shadowCoord.z <= 1.0;
			if ( frustumTest ) {
				vec2 texelSize = vec2( 1.0 ) / shadowMapSize;
				vec2 radius = shadowRadius * texelSize;
				float phi = interleavedGradientNoise( gl_FragCoord.xy ) * PI2;
				shadow = (
					texture( shadowMap, vec3( shadowCoord.xy + vogelDiskSample( 0, 5, phi ) * radius, shadowCoord.z ) ) +
					texture( shadowMap, vec3( shadowCoord.xy + vogelDiskSample( 1, 5, phi ) * radius, shadowCoord.z ) ) +
					texture( shadowMap, vec3( shadowCoord.xy + vogelDiskSample( 2, 5, phi ) * radius, shadowCoord.z ) ) +
					texture( shadowMap, vec3( shadowCoord.xy + vogelDiskSample( 3, 5, phi ) * radius, shadowCoord.z ) ) +
					texture( shadowMap, vec3( shadowCoord.xy + vogelDiskSample( 4, 5, phi ) * radius, shadowCoord.z ) )
				) * 0.2;
			}
			return mix( 1.0, shadow, shadowIntensity );
		}
	#elif defined( SHADOWMAP_TYPE_VSM )
		float getShadow( sampler2D shadowMap, vec2 shadowMapSize, float shadowIntensity, float shadowBias, float shadowRadius, vec4 shadowCoord ) {
			float shadow = 1.0;
			shadowCoord.xyz /= shadowCoord.w;
			#ifdef USE_REVERSED_DEPTH_BUFFER
				shadowCoord.z -= shadowBias;
			#else
				shadowCoord.z += shadowBias;
			#endif
			bool inFrustum = shadowCoord.x >= 0.0 && shadowCoord.x <= 1.0 && shadowCoord.y >= 0.0 && shadowCoord.y <= 1.0;
			bool frustumTest = inFrustum && shadowCoord.z <= 1.0;
			if ( frustumTest ) {
				vec2 distribution = texture2D( shadowMap, shadowCoord.xy ).rg;
				float mean = distribution.x;
				float variance = distribution.y * distribution.y;
				#ifdef USE_REVERSED_DEPTH_BUFFER
					float hard_shadow = step( mean, shadowCoord.z );
				#else
					float hard_shadow = step( shadowCoord.z, mean );
				#endif
				
				if ( hard_shadow == 1.0 ) {
					shadow = 1.0;
				} else {
					variance = max( variance, 0.0000001 );
					float d = shadowCoord.z - mean;
					float p_max = variance / ( variance + d * d );
					p_max = clamp( ( p_max - 0.3 ) / 0.65, 0.0, 1.0 );
					shadow = max( hard_shadow, p_max );
				}
			}
			return mix( 1.0, shadow, shadowIntensity );
		}
	#else
		float getShadow( sampler2D shadowMap, vec2 shadowMapSize, float shadowIntensity, float shadowBias, float shadowRadius, vec4 shadowCoord ) {
			float shadow = 1.0;
			shadowCoord.xyz /= shadowCoord.w;
			#ifdef USE_REVERSED_DEPTH_BUFFER
				shadowCoord.z -= shadowBias;
			#else
				shadowCoord.z += shadowBias;
			#endif
			bool inFrustum = shadowCoord.x >= 0.0 && shadowCoord.x <= 1.0 && shadowCoord.y >= 0.0 && shadowCoord.y <= 1.0;
			bool frustumTest = inFrustum && shadowCoord.z <= 1.0;
			if ( frustumTest ) {
				float depth = texture2D( shadowMap, shadowCoord.xy ).r;
				#ifdef USE_REVERSED_DEPTH_BUFFER
					shadow = step( depth, shadowCoord.z );
				#else
					shadow = step( shadowCoord.z, depth );
				#endif
			}
			return mix( 1.0, shadow, shadowIntensity );
		}
	#endif
	#if NUM_SUN_LIGHT_SHADOWS > 0
		float getSunShadow(
			#if defined( SHADOWMAP_TYPE_PCF )
				sampler2DShadow shadowMap,
			#else
				sampler2D shadowMap,
			#endif
			SunLightShadow sunLightShadow,
			int shadowIndex
		) {
			vec4 shadowWorldPosition = vec4( vSunShadowWorldPosition.xyz + vSunShadowWorldNormal * sunLightShadow.shadowNormalBias, 1.0 );
			float viewDepth = vSunShadowWorldPosition.w;
			int cascadeOffset = shadowIndex * SUN_LIGHT_CASCADES;
			float shadow = 1.0;
			for ( int i = SUN_LIGHT_CASCADES - 1; i >= 0; i -- ) {
				vec4 cascade = sunShadowCascade[ cascadeOffset + i ];
				if ( viewDepth >= cascade.x && viewDepth < cascade.y ) {
					float cascadeShadow = getShadow(
						shadowMap,
						sunLightShadow.shadowMapSize,
						sunLightShadow.shadowIntensity,
						sunLightShadow.shadowBias,
						sunLightShadow.shadowRadius,
						sunShadowMatrix[ cascadeOffset + i ] * shadowWorldPosition
					);
					shadow = mix( cascadeShadow, shadow, smoothstep( cascade.z, cascade.y, viewDepth ) );
				}
			}
			return shadow;
		}
	#endif
	#if NUM_POINT_LIGHT_SHADOWS > 0
	#if defined( SHADOWMAP_TYPE_PCF )
	float getPointShadow( samplerCubeShadow shadowMap, vec2 shadowMapSize, float shadowIntensity, float shadowBias, float shadowRadius, vec4 shadowCoord, float shadowCameraNear, float shadowCameraFar ) {
		float shadow = 1.0;
		vec3 lightToPosition = shadowCoord.xyz;
		vec3 bd3D = normalize( lightToPosition );
		vec3 absVec = abs( lightToPosition );
		float viewSpaceZ = max( max( absVec.x, absVec.y ), absVec.z );
		if ( viewSpaceZ - shadowCameraFar <= 0.0 && viewSpaceZ - shadowCameraNear >= 0.0 ) {
			float lightDistance = length( lightToPosition );
			float depthRange = shadowCameraFar - shadowCameraNear;
			#ifdef USE_REVERSED_DEPTH_BUFFER
				float depthA = - shadowCameraNear / depthRange - shadowBias;
				float depthB = shadowCameraNear * shadowCameraFar / ( depthRange * lightDistance );
			#else
				float depthA = shadowCameraFar / depthRange + shadowBias;
				float depthB = - shadowCameraNear * shadowCameraFar / ( depthRange * lightDistance );
			#endif
			float texelSize = shadowRadius / shadowMapSize.x;
			vec3 absDir = abs( bd3D );
			vec3 tangent = absDir.x > absDir.z ? vec3( 0.0, 1.0, 0.0 ) : vec3( 1.0, 0.0, 0.0 );
			tangent = normalize( cross( bd3D, tangent ) );
			vec3 bitangent = cross( bd3D, tangent );
			float phi = interleavedGradientNoise( gl_FragCoord.xy ) * PI2;
			shadow = 0.0;
			for ( int i = 0; i < 5; i ++ ) {
				vec2 offset = vogelDiskSample( i, 5, phi );
				vec3 direction = bd3D + ( tangent * offset.x + bitangent * offset.y ) * texelSize;
				vec3 absDirection = abs( direction );
				float dp = depthA + depthB / max( max( absDirection.x, absDirection.y ), absDirection.z );
				shadow += texture( shadowMap, vec4( direction, dp ) );
			}
			shadow *= 0.2;
		}
		return mix( 1.0, shadow, shadowIntensity );
	}
	#elif defined( SHADOWMAP_TYPE_BASIC )
	float getPointShadow( samplerCube shadowMap, vec2 shadowMapSize, float shadowIntensity, float shadowBias, float shadowRadius, vec4 shadowCoord, float shadowCameraNear, float shadowCameraFar ) {
		float shadow = 1.0;
		vec3 lightToPosition = shadowCoord.xyz;
		vec3 absVec = abs( lightToPosition );
		float viewSpaceZ = max( max( absVec.x, absVec.y ), absVec.z );
		if ( viewSpaceZ - shadowCameraFar <= 0.0 && viewSpaceZ - shadowCameraNear >= 0.0 ) {
			float dp = ( shadowCameraFar * ( viewSpaceZ - shadowCameraNear ) ) / ( viewSpaceZ * ( shadowCameraFar - shadowCameraNear ) );
			dp += shadowBias;
			vec3 bd3D = normalize( lightToPosition );
			float depth = textureCube( shadowMap, bd3D ).r;
			#ifdef USE_REVERSED_DEPTH_BUFFER
				depth = 1.0 - depth;
			#endif
			shadow = step( dp, depth );
		}
		return mix( 1.0, shadow, shadowIntensity );
	}
	#endif
	#endif
#endif`,Fx=`#if NUM_SPOT_LIGHT_COORDS > 0
	uniform mat4 spotLightMatrix[ NUM_SPOT_LIGHT_COORDS ];
	varying vec4 vSpotLightCoord[ NUM_SPOT_LIGHT_COORDS ];
#endif
#ifdef USE_SHADOWMAP
	#if NUM_SUN_LIGHT_SHADOWS > 0
		varying vec4 vSunShadowWorldPosition;
		varying vec3 vSunShadowWorldNormal;
	#endif
	#if NUM_DIR_LIGHT_SHADOWS > 0
		uniform mat4 directionalShadowMatrix[ NUM_DIR_LIGHT_SHADOWS ];
		varying vec4 vDirectionalShadowCoord[ NUM_DIR_LIGHT_SHADOWS ];
		struct DirectionalLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
		};
		uniform DirectionalLightShadow directionalLightShadows[ NUM_DIR_LIGHT_SHADOWS ];
	#endif
	#if NUM_SPOT_LIGHT_SHADOWS > 0
		struct SpotLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
		};
		uniform SpotLightShadow spotLightShadows[ NUM_SPOT_LIGHT_SHADOWS ];
	#endif
	#if NUM_POINT_LIGHT_SHADOWS > 0
		uniform mat4 pointShadowMatrix[ NUM_POINT_LIGHT_SHADOWS ];
		varying vec4 vPointShadowCoord[ NUM_POINT_LIGHT_SHADOWS ];
		struct PointLightShadow {
			float shadowIntensity;
			float shadowBias;
			float shadowNormalBias;
			float shadowRadius;
			vec2 shadowMapSize;
			float shadowCameraNear;
			float shadowCameraFar;
		};
		uniform PointLightShadow pointLightShadows[ NUM_POINT_LIGHT_SHADOWS ];
	#endif
#endif`,Bx=`#if ( defined( USE_SHADOWMAP ) && ( NUM_DIR_LIGHT_SHADOWS > 0 || NUM_SUN_LIGHT_SHADOWS > 0 || NUM_POINT_LIGHT_SHADOWS > 0 ) ) || ( NUM_SPOT_LIGHT_COORDS > 0 )
	#ifdef HAS_NORMAL
		vec3 shadowWorldNormal = transformNormalByInverseViewMatrix( transformedNormal, viewMatrix );
	#else
		vec3 shadowWorldNormal = vec3( 0.0 );
	#endif
	vec4 shadowWorldPosition;
#endif
#if defined( USE_SHADOWMAP )
	#if NUM_SUN_LIGHT_SHADOWS > 0
		vSunShadowWorldPosition = vec4( worldPosition.xyz, - mvPosition.z );
		vSunShadowWorldNormal = shadowWorldNormal;
	#endif
	#if NUM_DIR_LIGHT_SHADOWS > 0
		#pragma unroll_loop_start
		for ( int i = 0; i < NUM_DIR_LIGHT_SHADOWS; i ++ ) {
			shadowWorldPosition = worldPosition + vec4( shadowWorldNormal * directionalLightShadows[ i ].shadowNormalBias, 0 );
			vDirectionalShadowCoord[ i ] = directionalShadowMatrix[ i ] * shadowWorldPosition;
		}
		#pragma unroll_loop_end
	#endif
	#if NUM_POINT_LIGHT_SHADOWS > 0
		#pragma unroll_loop_start
		for ( int i = 0; i < NUM_POINT_LIGHT_SHADOWS; i ++ ) {
			shadowWorldPosition = worldPosition + vec4( shadowWorldNormal * pointLightShadows[ i ].shadowNormalBias, 0 );
			vPointShadowCoord[ i ] = pointShadowMatrix[ i ] * shadowWorldPosition;
		}
		#pragma unroll_loop_end
	#endif
#endif
#if NUM_SPOT_LIGHT_COORDS > 0
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_SPOT_LIGHT_COORDS; i ++ ) {
		shadowWorldPosition = worldPosition;
		#if ( defined( USE_SHADOWMAP ) && UNROLLED_LOOP_INDEX < NUM_SPOT_LIGHT_SHADOWS )
			shadowWorldPosition.xyz += shadowWorldNormal * spotLightShadows[ i ].shadowNormalBias;
		#endif
		vSpotLightCoord[ i ] = spotLightMatrix[ i ] * shadowWorldPosition;
	}
	#pragma unroll_loop_end
#endif`,kx=`float getShadowMask() {
	float shadow = 1.0;
	#ifdef USE_SHADOWMAP
	#if NUM_SUN_LIGHT_SHADOWS > 0
	SunLightShadow sunLight;
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_SUN_LIGHT_SHADOWS; i ++ ) {
		sunLight = sunLightShadows[ i ];
		shadow *= receiveShadow ? getSunShadow( sunShadowMap[ i ], sunLight, UNROLLED_LOOP_INDEX ) : 1.0;
	}
	#pragma unroll_loop_end
	#endif
	#if NUM_DIR_LIGHT_SHADOWS > 0
	DirectionalLightShadow directionalLight;
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_DIR_LIGHT_SHADOWS; i ++ ) {
		directionalLight = directionalLightShadows[ i ];
		shadow *= receiveShadow ? getShadow( directionalShadowMap[ i ], directionalLight.shadowMapSize, directionalLight.shadowIntensity, directionalLight.shadowBias, directionalLight.shadowRadius, vDirectionalShadowCoord[ i ] ) : 1.0;
	}
	#pragma unroll_loop_end
	#endif
	#if NUM_SPOT_LIGHT_SHADOWS > 0
	SpotLightShadow spotLight;
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_SPOT_LIGHT_SHADOWS; i ++ ) {
		spotLight = spotLightShadows[ i ];
		shadow *= receiveShadow ? getShadow( spotShadowMap[ i ], spotLight.shadowMapSize, spotLight.shadowIntensity, spotLight.shadowBias, spotLight.shadowRadius, vSpotLightCoord[ i ] ) : 1.0;
	}
	#pragma unroll_loop_end
	#endif
	#if NUM_POINT_LIGHT_SHADOWS > 0 && ( defined( SHADOWMAP_TYPE_PCF ) || defined( SHADOWMAP_TYPE_BASIC ) )
	PointLightShadow pointLight;
	#pragma unroll_loop_start
	for ( int i = 0; i < NUM_POINT_LIGHT_SHADOWS; i ++ ) {
		pointLight = pointLightShadows[ i ];
		shadow *= receiveShadow ? getPointShadow( pointShadowMap[ i ], pointLight.shadowMapSize, pointLight.shadowIntensity, pointLight.shadowBias, pointLight.shadowRadius, vPointShadowCoord[ i ], pointLight.shadowCameraNear, pointLight.shadowCameraFar ) : 1.0;
	}
	#pragma unroll_loop_end
	#endif
	#endif
	return shadow;
}`,zx=`#ifdef USE_SKINNING
	mat4 boneMatX = getBoneMatrix( skinIndex.x );
	mat4 boneMatY = getBoneMatrix( skinIndex.y );
	mat4 boneMatZ = getBoneMatrix( skinIndex.z );
	mat4 boneMatW = getBoneMatrix( skinIndex.w );
#endif`,Vx=`#ifdef USE_SKINNING
	uniform mat4 bindMatrix;
	uniform mat4 bindMatrixInverse;
	uniform highp sampler2D boneTexture;
	mat4 getBoneMatrix( const in float i ) {
		int size = textureSize( boneTexture, 0 ).x;
		int j = int( i ) * 4;
		int x = j % size;
		int y = j / size;
		vec4 v1 = texelFetch( boneTexture, ivec2( x, y ), 0 );
		vec4 v2 = texelFetch( boneTexture, ivec2( x + 1, y ), 0 );
		vec4 v3 = texelFetch( boneTexture, ivec2( x + 2, y ), 0 );
		vec4 v4 = texelFetch( boneTexture, ivec2( x + 3, y ), 0 );
		return mat4( v1, v2, v3, v4 );
	}
#endif`,Gx=`#ifdef USE_SKINNING
	vec4 skinVertex = bindMatrix * vec4( transformed, 1.0 );
	vec4 skinned = vec4( 0.0 );
	skinned += boneMatX * skinVertex * skinWeight.x;
	skinned += boneMatY * skinVertex * skinWeight.y;
	skinned += boneMatZ * skinVertex * skinWeight.z;
	skinned += boneMatW * skinVertex * skinWeight.w;
	transformed = ( bindMatrixInverse * skinned ).xyz;
#endif`,Hx=`#ifdef USE_SKINNING
	mat4 skinMatrix = mat4( 0.0 );
	skinMatrix += skinWeight.x * boneMatX;
	skinMatrix += skinWeight.y * boneMatY;
	skinMatrix += skinWeight.z * boneMatZ;
	skinMatrix += skinWeight.w * boneMatW;
	skinMatrix = bindMatrixInverse * skinMatrix * bindMatrix;
	objectNormal = vec4( skinMatrix * vec4( objectNormal, 0.0 ) ).xyz;
	#ifdef USE_TANGENT
		objectTangent = vec4( skinMatrix * vec4( objectTangent, 0.0 ) ).xyz;
	#endif
#endif`,Wx=`float specularStrength;
#ifdef USE_SPECULARMAP
	vec4 texelSpecular = texture2D( specularMap, vSpecularMapUv );
	specularStrength = texelSpecular.r;
#else
	specularStrength = 1.0;
#endif`,Xx=`#ifdef USE_SPECULARMAP
	uniform sampler2D specularMap;
#endif`,Yx=`#if defined( TONE_MAPPING )
	gl_FragColor.rgb = toneMapping( gl_FragColor.rgb );
#endif`,Kx=`#ifndef saturate
#define saturate( a ) clamp( a, 0.0, 1.0 )
#endif
uniform float toneMappingExposure;
vec3 LinearToneMapping( vec3 color ) {
	return saturate( toneMappingExposure * color );
}
vec3 ReinhardToneMapping( vec3 color ) {
	color *= toneMappingExposure;
	return saturate( color / ( vec3( 1.0 ) + color ) );
}
vec3 CineonToneMapping( vec3 color ) {
	color *= toneMappingExposure;
	color = max( vec3( 0.0 ), color - 0.004 );
	return pow( ( color * ( 6.2 * color + 0.5 ) ) / ( color * ( 6.2 * color + 1.7 ) + 0.06 ), vec3( 2.2 ) );
}
vec3 RRTAndODTFit( vec3 v ) {
	vec3 a = v * ( v + 0.0245786 ) - 0.000090537;
	vec3 b = v * ( 0.983729 * v + 0.4329510 ) + 0.238081;
	return a / b;
}
vec3 ACESFilmicToneMapping( vec3 color ) {
	const mat3 ACESInputMat = mat3(
		vec3( 0.59719, 0.07600, 0.02840 ),		vec3( 0.35458, 0.90834, 0.13383 ),
		vec3( 0.04823, 0.01566, 0.83777 )
	);
	const mat3 ACESOutputMat = mat3(
		vec3(  1.60475, -0.10208, -0.00327 ),		vec3( -0.53108,  1.10813, -0.07276 ),
		vec3( -0.07367, -0.00605,  1.07602 )
	);
	color *= toneMappingExposure / 0.6;
	color = ACESInputMat * color;
	color = RRTAndODTFit( color );
	color = ACESOutputMat * color;
	return saturate( color );
}
const mat3 LINEAR_REC2020_TO_LINEAR_SRGB = mat3(
	vec3( 1.6605, - 0.1246, - 0.0182 ),
	vec3( - 0.5876, 1.1329, - 0.1006 ),
	vec3( - 0.0728, - 0.0083, 1.1187 )
);
const mat3 LINEAR_SRGB_TO_LINEAR_REC2020 = mat3(
	vec3( 0.6274, 0.0691, 0.0164 ),
	vec3( 0.3293, 0.9195, 0.0880 ),
	vec3( 0.0433, 0.0113, 0.8956 )
);
vec3 agxDefaultContrastApprox( vec3 x ) {
	vec3 x2 = x * x;
	vec3 x4 = x2 * x2;
	return + 15.5 * x4 * x2
		- 40.14 * x4 * x
		+ 31.96 * x4
		- 6.868 * x2 * x
		+ 0.4298 * x2
		+ 0.1191 * x
		- 0.00232;
}
vec3 AgXToneMapping( vec3 color ) {
	const mat3 AgXInsetMatrix = mat3(
		vec3( 0.856627153315983, 0.137318972929847, 0.11189821299995 ),
		vec3( 0.0951212405381588, 0.761241990602591, 0.0767994186031903 ),
		vec3( 0.0482516061458583, 0.101439036467562, 0.811302368396859 )
	);
	const mat3 AgXOutsetMatrix = mat3(
		vec3( 1.1271005818144368, - 0.1413297634984383, - 0.14132976349843826 ),
		vec3( - 0.11060664309660323, 1.157823702216272, - 0.11060664309660294 ),
		vec3( - 0.016493938717834573, - 0.016493938717834257, 1.2519364065950405 )
	);
	const float AgxMinEv = - 12.47393;	const float AgxMaxEv = 4.026069;
	color *= toneMappingExposure;
	color = LINEAR_SRGB_TO_LINEAR_REC2020 * color;
	color = AgXInsetMatrix * color;
	color = max( color, 1e-10 );	color = log2( color );
	color = ( color - AgxMinEv ) / ( AgxMaxEv - AgxMinEv );
	color = clamp( color, 0.0, 1.0 );
	color = agxDefaultContrastApprox( color );
	color = AgXOutsetMatrix * color;
	color = pow( max( vec3( 0.0 ), color ), vec3( 2.2 ) );
	color = LINEAR_REC2020_TO_LINEAR_SRGB * color;
	color = clamp( color, 0.0, 1.0 );
	return color;
}
vec3 NeutralToneMapping( vec3 color ) {
	const float StartCompression = 0.8 - 0.04;
	const float Desaturation = 0.15;
	color *= toneMappingExposure;
	float x = min( color.r, min( color.g, color.b ) );
	float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
	color -= offset;
	float peak = max( color.r, max( color.g, color.b ) );
	if ( peak < StartCompression ) return color;
	float d = 1. - StartCompression;
	float newPeak = 1. - d * d / ( peak + d - StartCompression );
	color *= newPeak / peak;
	float g = 1. - 1. / ( Desaturation * ( peak - newPeak ) + 1. );
	return mix( color, vec3( newPeak ), g );
}
vec3 CustomToneMapping( vec3 color ) { return color; }`,qx=`#ifdef USE_TRANSMISSION
	material.transmission = transmission;
	material.transmissionAlpha = 1.0;
	material.thickness = thickness;
	material.attenuationDistance = attenuationDistance;
	material.attenuationColor = attenuationColor;
	#ifdef USE_TRANSMISSIONMAP
		material.transmission *= texture2D( transmissionMap, vTransmissionMapUv ).r;
	#endif
	#ifdef USE_THICKNESSMAP
		material.thickness *= texture2D( thicknessMap, vThicknessMapUv ).g;
	#endif
	vec3 pos = vWorldPosition;
	vec3 v = normalize( cameraPosition - pos );
	vec3 n = transformNormalByInverseViewMatrix( normal, viewMatrix );
	vec4 transmitted = getIBLVolumeRefraction(
		n, v, material.roughness, material.diffuseContribution, material.specularColorBlended, material.specularF90,
		pos, modelMatrix, viewMatrix, projectionMatrix, material.dispersion, material.ior, material.thickness,
		material.attenuationColor, material.attenuationDistance );
	material.transmissionAlpha = mix( material.transmissionAlpha, transmitted.a, material.transmission );
	totalDiffuse = mix( totalDiffuse, transmitted.rgb, material.transmission );
#endif`,$x=`#ifdef USE_TRANSMISSION
	uniform float transmission;
	uniform float thickness;
	uniform float attenuationDistance;
	uniform vec3 attenuationColor;
	#ifdef USE_TRANSMISSIONMAP
		uniform sampler2D transmissionMap;
	#endif
	#ifdef USE_THICKNESSMAP
		uniform sampler2D thicknessMap;
	#endif
	uniform vec2 transmissionSamplerSize;
	uniform sampler2D transmissionSamplerMap;
	uniform mat4 modelMatrix;
	uniform mat4 projectionMatrix;
	varying vec3 vWorldPosition;
	float w0( float a ) {
		return ( 1.0 / 6.0 ) * ( a * ( a * ( - a + 3.0 ) - 3.0 ) + 1.0 );
	}
	float w1( float a ) {
		return ( 1.0 / 6.0 ) * ( a *  a * ( 3.0 * a - 6.0 ) + 4.0 );
	}
	float w2( float a ){
		return ( 1.0 / 6.0 ) * ( a * ( a * ( - 3.0 * a + 3.0 ) + 3.0 ) + 1.0 );
	}
	float w3( float a ) {
		return ( 1.0 / 6.0 ) * ( a * a * a );
	}
	float g0( float a ) {
		return w0( a ) + w1( a );
	}
	float g1( float a ) {
		return w2( a ) + w3( a );
	}
	float h0( float a ) {
		return - 1.0 + w1( a ) / ( w0( a ) + w1( a ) );
	}
	float h1( float a ) {
		return 1.0 + w3( a ) / ( w2( a ) + w3( a ) );
	}
	vec4 bicubic( sampler2D tex, vec2 uv, vec4 texelSize, float lod ) {
		uv = uv * texelSize.zw + 0.5;
		vec2 iuv = floor( uv );
		vec2 fuv = fract( uv );
		float g0x = g0( fuv.x );
		float g1x = g1( fuv.x );
		float h0x = h0( fuv.x );
		float h1x = h1( fuv.x );
		float h0y = h0( fuv.y );
		float h1y = h1( fuv.y );
		vec2 p0 = ( vec2( iuv.x + h0x, iuv.y + h0y ) - 0.5 ) * texelSize.xy;
		vec2 p1 = ( vec2( iuv.x + h1x, iuv.y + h0y ) - 0.5 ) * texelSize.xy;
		vec2 p2 = ( vec2( iuv.x + h0x, iuv.y + h1y ) - 0.5 ) * texelSize.xy;
		vec2 p3 = ( vec2( iuv.x + h1x, iuv.y + h1y ) - 0.5 ) * texelSize.xy;
		return g0( fuv.y ) * ( g0x * textureLod( tex, p0, lod ) + g1x * textureLod( tex, p1, lod ) ) +
			g1( fuv.y ) * ( g0x * textureLod( tex, p2, lod ) + g1x * textureLod( tex, p3, lod ) );
	}
	vec4 textureBicubic( sampler2D sampler, vec2 uv, float lod ) {
		vec2 fLodSize = vec2( textureSize( sampler, int( lod ) ) );
		vec2 cLodSize = vec2( textureSize( sampler, int( lod + 1.0 ) ) );
		vec2 fLodSizeInv = 1.0 / fLodSize;
		vec2 cLodSizeInv = 1.0 / cLodSize;
		vec4 fSample = bicubic( sampler, uv, vec4( fLodSizeInv, fLodSize ), floor( lod ) );
		vec4 cSample = bicubic( sampler, uv, vec4( cLodSizeInv, cLodSize ), ceil( lod ) );
		return mix( fSample, cSample, fract( lod ) );
	}
	vec3 getVolumeTransmissionRay( const in vec3 n, const in vec3 v, const in float thickness, const in float ior, const in mat4 modelMatrix ) {
		vec3 refractionVector = refract( - v, normalize( n ), 1.0 / ior );
		vec3 modelScale;
		modelScale.x = length( vec3( modelMatrix[ 0 ].xyz ) );
		modelScale.y = length( vec3( modelMatrix[ 1 ].xyz ) );
		modelScale.z = length( vec3( modelMatrix[ 2 ].xyz ) );
		return normalize( refractionVector ) * thickness * modelScale;
	}
	float applyIorToRoughness( const in float roughness, const in float ior ) {
		return roughness * clamp( ior * 2.0 - 2.0, 0.0, 1.0 );
	}
	vec4 getTransmissionSample( const in vec2 fragCoord, const in float roughness, const in float ior ) {
		float lod = log2( transmissionSamplerSize.x ) * applyIorToRoughness( roughness, ior );
		return textureBicubic( transmissionSamplerMap, fragCoord.xy, lod );
	}
	vec3 volumeAttenuation( const in float transmissionDistance, const in vec3 attenuationColor, const in float attenuationDistance ) {
		if ( isinf( attenuationDistance ) ) {
			return vec3( 1.0 );
		} else {
			vec3 attenuationCoefficient = -log( attenuationColor ) / attenuationDistance;
			vec3 transmittance = exp( - attenuationCoefficient * transmissionDistance );			return transmittance;
		}
	}
	vec4 getIBLVolumeRefraction( const in vec3 n, const in vec3 v, const in float roughness, const in vec3 diffuseColor,
		const in vec3 specularColor, const in float specularF90, const in vec3 position, const in mat4 modelMatrix,
		const in mat4 viewMatrix, const in mat4 projMatrix, const in float dispersion, const in float ior, const in float thickness,
		const in vec3 attenuationColor, const in float attenuationDistance ) {
		vec4 transmittedLight;
		vec3 transmittance;
		#ifdef USE_DISPERSION
			float halfSpread = ( ior - 1.0 ) * 0.025 * dispersion;
			vec3 iors = vec3( ior - halfSpread, ior, ior + halfSpread );
			for ( int i = 0; i < 3; i ++ ) {
				vec3 transmissionRay = getVolumeTransmissionRay( n, v, thickness, iors[ i ], modelMatrix );
				vec3 refractedRayExit = position + transmissionRay;
				vec4 ndcPos = projMatrix * viewMatrix * vec4( refractedRayExit, 1.0 );
				vec2 refractionCoords = ndcPos.xy / ndcPos.w;
				refractionCoords += 1.0;
				refractionCoords /= 2.0;
				vec4 transmissionSample = getTransmissionSample( refractionCoords, roughness, iors[ i ] );
				transmittedLight[ i ] = transmissionSample[ i ];
				transmittedLight.a += transmissionSample.a;
				transmittance[ i ] = diffuseColor[ i ] * volumeAttenuation( length( transmissionRay ), attenuationColor, attenuationDistance )[ i ];
			}
			transmittedLight.a /= 3.0;
		#else
			vec3 transmissionRay = getVolumeTransmissionRay( n, v, thickness, ior, modelMatrix );
			vec3 refractedRayExit = position + transmissionRay;
			vec4 ndcPos = projMatrix * viewMatrix * vec4( refractedRayExit, 1.0 );
			vec2 refractionCoords = ndcPos.xy / ndcPos.w;
			refractionCoords += 1.0;
			refractionCoords /= 2.0;
			transmittedLight = getTransmissionSample( refractionCoords, roughness, ior );
			transmittance = diffuseColor * volumeAttenuation( length( transmissionRay ), attenuationColor, attenuationDistance );
		#endif
		vec3 attenuatedColor = transmittance * transmittedLight.rgb;
		vec3 F = EnvironmentBRDF( n, v, specularColor, specularF90, roughness );
		float transmittanceFactor = ( transmittance.r + transmittance.g + transmittance.b ) / 3.0;
		return vec4( ( 1.0 - F ) * attenuatedColor, 1.0 - ( 1.0 - transmittedLight.a ) * transmittanceFactor );
	}
#endif`,Zx=`#if defined( USE_UV ) || defined( USE_ANISOTROPY )
	varying vec2 vUv;
#endif
#ifdef USE_MAP
	varying vec2 vMapUv;
#endif
#ifdef USE_ALPHAMAP
	varying vec2 vAlphaMapUv;
#endif
#ifdef USE_LIGHTMAP
	varying vec2 vLightMapUv;
#endif
#ifdef USE_AOMAP
	varying vec2 vAoMapUv;
#endif
#ifdef USE_BUMPMAP
	varying vec2 vBumpMapUv;
#endif
#ifdef USE_NORMALMAP
	varying vec2 vNormalMapUv;
#endif
#ifdef USE_EMISSIVEMAP
	varying vec2 vEmissiveMapUv;
#endif
#ifdef USE_METALNESSMAP
	varying vec2 vMetalnessMapUv;
#endif
#ifdef USE_ROUGHNESSMAP
	varying vec2 vRoughnessMapUv;
#endif
#ifdef USE_DIFFUSE_ROUGHNESSMAP
	varying vec2 vDiffuseRoughnessMapUv;
#endif
#ifdef USE_ANISOTROPYMAP
	varying vec2 vAnisotropyMapUv;
#endif
#ifdef USE_CLEARCOATMAP
	varying vec2 vClearcoatMapUv;
#endif
#ifdef USE_CLEARCOAT_NORMALMAP
	varying vec2 vClearcoatNormalMapUv;
#endif
#ifdef USE_CLEARCOAT_ROUGHNESSMAP
	varying vec2 vClearcoatRoughnessMapUv;
#endif
#ifdef USE_IRIDESCENCEMAP
	varying vec2 vIridescenceMapUv;
#endif
#ifdef USE_IRIDESCENCE_THICKNESSMAP
	varying vec2 vIridescenceThicknessMapUv;
#endif
#ifdef USE_SHEEN_COLORMAP
	varying vec2 vSheenColorMapUv;
#endif
#ifdef USE_SHEEN_ROUGHNESSMAP
	varying vec2 vSheenRoughnessMapUv;
#endif
#ifdef USE_SPECULARMAP
	varying vec2 vSpecularMapUv;
#endif
#ifdef USE_SPECULAR_COLORMAP
	varying vec2 vSpecularColorMapUv;
#endif
#ifdef USE_SPECULAR_INTENSITYMAP
	varying vec2 vSpecularIntensityMapUv;
#endif
#ifdef USE_TRANSMISSIONMAP
	uniform mat3 transmissionMapTransform;
	varying vec2 vTransmissionMapUv;
#endif
#ifdef USE_THICKNESSMAP
	uniform mat3 thicknessMapTransform;
	varying vec2 vThicknessMapUv;
#endif`,Jx=`#if defined( USE_UV ) || defined( USE_ANISOTROPY )
	varying vec2 vUv;
#endif
#ifdef USE_MAP
	uniform mat3 mapTransform;
	varying vec2 vMapUv;
#endif
#ifdef USE_ALPHAMAP
	uniform mat3 alphaMapTransform;
	varying vec2 vAlphaMapUv;
#endif
#ifdef USE_LIGHTMAP
	uniform mat3 lightMapTransform;
	varying vec2 vLightMapUv;
#endif
#ifdef USE_AOMAP
	uniform mat3 aoMapTransform;
	varying vec2 vAoMapUv;
#endif
#ifdef USE_BUMPMAP
	uniform mat3 bumpMapTransform;
	varying vec2 vBumpMapUv;
#endif
#ifdef USE_NORMALMAP
	uniform mat3 normalMapTransform;
	varying vec2 vNormalMapUv;
#endif
#ifdef USE_DISPLACEMENTMAP
	uniform mat3 displacementMapTransform;
	varying vec2 vDisplacementMapUv;
#endif
#ifdef USE_EMISSIVEMAP
	uniform mat3 emissiveMapTransform;
	varying vec2 vEmissiveMapUv;
#endif
#ifdef USE_METALNESSMAP
	uniform mat3 metalnessMapTransform;
	varying vec2 vMetalnessMapUv;
#endif
#ifdef USE_ROUGHNESSMAP
	uniform mat3 roughnessMapTransform;
	varying vec2 vRoughnessMapUv;
#endif
#ifdef USE_DIFFUSE_ROUGHNESSMAP
	uniform mat3 diffuseRoughnessMapTransform;
	varying vec2 vDiffuseRoughnessMapUv;
#endif
#ifdef USE_ANISOTROPYMAP
	uniform mat3 anisotropyMapTransform;
	varying vec2 vAnisotropyMapUv;
#endif
#ifdef USE_CLEARCOATMAP
	uniform mat3 clearcoatMapTransform;
	varying vec2 vClearcoatMapUv;
#endif
#ifdef USE_CLEARCOAT_NORMALMAP
	uniform mat3 clearcoatNormalMapTransform;
	varying vec2 vClearcoatNormalMapUv;
#endif
#ifdef USE_CLEARCOAT_ROUGHNESSMAP
	uniform mat3 clearcoatRoughnessMapTransform;
	varying vec2 vClearcoatRoughnessMapUv;
#endif
#ifdef USE_SHEEN_COLORMAP
	uniform mat3 sheenColorMapTransform;
	varying vec2 vSheenColorMapUv;
#endif
#ifdef USE_SHEEN_ROUGHNESSMAP
	uniform mat3 sheenRoughnessMapTransform;
	varying vec2 vSheenRoughnessMapUv;
#endif
#ifdef USE_IRIDESCENCEMAP
	uniform mat3 iridescenceMapTransform;
	varying vec2 vIridescenceMapUv;
#endif
#ifdef USE_IRIDESCENCE_THICKNESSMAP
	uniform mat3 iridescenceThicknessMapTransform;
	varying vec2 vIridescenceThicknessMapUv;
#endif
#ifdef USE_SPECULARMAP
	uniform mat3 specularMapTransform;
	varying vec2 vSpecularMapUv;
#endif
#ifdef USE_SPECULAR_COLORMAP
	uniform mat3 specularColorMapTransform;
	varying vec2 vSpecularColorMapUv;
#endif
#ifdef USE_SPECULAR_INTENSITYMAP
	uniform mat3 specularIntensityMapTransform;
	varying vec2 vSpecularIntensityMapUv;
#endif
#ifdef USE_TRANSMISSIONMAP
	uniform mat3 transmissionMapTransform;
	varying vec2 vTransmissionMapUv;
#endif
#ifdef USE_THICKNESSMAP
	uniform mat3 thicknessMapTransform;
	varying vec2 vThicknessMapUv;
#endif`,Qx=`#if defined( USE_UV ) || defined( USE_ANISOTROPY )
	vUv = vec3( uv, 1 ).xy;
#endif
#ifdef USE_MAP
	vMapUv = ( mapTransform * vec3( MAP_UV, 1 ) ).xy;
#endif
#ifdef USE_ALPHAMAP
	vAlphaMapUv = ( alphaMapTransform * vec3( ALPHAMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_LIGHTMAP
	vLightMapUv = ( lightMapTransform * vec3( LIGHTMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_AOMAP
	vAoMapUv = ( aoMapTransform * vec3( AOMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_BUMPMAP
	vBumpMapUv = ( bumpMapTransform * vec3( BUMPMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_NORMALMAP
	vNormalMapUv = ( normalMapTransform * vec3( NORMALMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_DISPLACEMENTMAP
	vDisplacementMapUv = ( displacementMapTransform * vec3( DISPLACEMENTMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_EMISSIVEMAP
	vEmissiveMapUv = ( emissiveMapTransform * vec3( EMISSIVEMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_METALNESSMAP
	vMetalnessMapUv = ( metalnessMapTransform * vec3( METALNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_ROUGHNESSMAP
	vRoughnessMapUv = ( roughnessMapTransform * vec3( ROUGHNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_DIFFUSE_ROUGHNESSMAP
	vDiffuseRoughnessMapUv = ( diffuseRoughnessMapTransform * vec3( DIFFUSE_ROUGHNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_ANISOTROPYMAP
	vAnisotropyMapUv = ( anisotropyMapTransform * vec3( ANISOTROPYMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_CLEARCOATMAP
	vClearcoatMapUv = ( clearcoatMapTransform * vec3( CLEARCOATMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_CLEARCOAT_NORMALMAP
	vClearcoatNormalMapUv = ( clearcoatNormalMapTransform * vec3( CLEARCOAT_NORMALMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_CLEARCOAT_ROUGHNESSMAP
	vClearcoatRoughnessMapUv = ( clearcoatRoughnessMapTransform * vec3( CLEARCOAT_ROUGHNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_IRIDESCENCEMAP
	vIridescenceMapUv = ( iridescenceMapTransform * vec3( IRIDESCENCEMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_IRIDESCENCE_THICKNESSMAP
	vIridescenceThicknessMapUv = ( iridescenceThicknessMapTransform * vec3( IRIDESCENCE_THICKNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_SHEEN_COLORMAP
	vSheenColorMapUv = ( sheenColorMapTransform * vec3( SHEEN_COLORMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_SHEEN_ROUGHNESSMAP
	vSheenRoughnessMapUv = ( sheenRoughnessMapTransform * vec3( SHEEN_ROUGHNESSMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_SPECULARMAP
	vSpecularMapUv = ( specularMapTransform * vec3( SPECULARMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_SPECULAR_COLORMAP
	vSpecularColorMapUv = ( specularColorMapTransform * vec3( SPECULAR_COLORMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_SPECULAR_INTENSITYMAP
	vSpecularIntensityMapUv = ( specularIntensityMapTransform * vec3( SPECULAR_INTENSITYMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_TRANSMISSIONMAP
	vTransmissionMapUv = ( transmissionMapTransform * vec3( TRANSMISSIONMAP_UV, 1 ) ).xy;
#endif
#ifdef USE_THICKNESSMAP
	vThicknessMapUv = ( thicknessMapTransform * vec3( THICKNESSMAP_UV, 1 ) ).xy;
#endif`,jx=`#if defined( USE_ENVMAP ) || defined( DISTANCE ) || defined ( USE_SHADOWMAP ) || defined ( USE_TRANSMISSION ) || NUM_SPOT_LIGHT_COORDS > 0
	vec4 worldPosition = vec4( transformed, 1.0 );
	#ifdef USE_BATCHING
		worldPosition = batchingMatrix * worldPosition;
	#endif
	#ifdef USE_INSTANCING
		worldPosition = instanceMatrix * worldPosition;
	#endif
	worldPosition = modelMatrix * worldPosition;
#endif`,ey=`varying vec2 vUv;
uniform mat3 uvTransform;
void main() {
	vUv = ( uvTransform * vec3( uv, 1 ) ).xy;
	gl_Position = vec4( position.xy, 1.0, 1.0 );
}`,ty=`uniform sampler2D t2D;
uniform float backgroundIntensity;
varying vec2 vUv;
void main() {
	vec4 texColor = texture2D( t2D, vUv );
	#ifdef DECODE_VIDEO_TEXTURE
		texColor = vec4( mix( pow( texColor.rgb * 0.9478672986 + vec3( 0.0521327014 ), vec3( 2.4 ) ), texColor.rgb * 0.0773993808, vec3( lessThanEqual( texColor.rgb, vec3( 0.04045 ) ) ) ), texColor.w );
	#endif
	texColor.rgb *= backgroundIntensity;
	gl_FragColor = texColor;
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
}`,ny=`varying vec3 vWorldDirection;
#include <common>
void main() {
	vWorldDirection = transformDirection( position, modelMatrix );
	#include <begin_vertex>
	#include <project_vertex>
	gl_Position.z = gl_Position.w;
}`,iy=`uniform float backgroundBlurriness;
uniform float backgroundIntensity;
uniform mat3 backgroundRotation;
varying vec3 vWorldDirection;
#include <envmap_common_pars_fragment>
void main() {
	#ifdef ENVMAP_TYPE_PMREM
		vec4 texColor = textureLod( envMap, backgroundRotation * vWorldDirection, roughnessToMip( backgroundBlurriness ) );
	#else
		vec4 texColor = textureCube( envMap, backgroundRotation * vWorldDirection );
	#endif
	texColor.rgb *= backgroundIntensity;
	gl_FragColor = texColor;
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
}`,sy=`varying vec3 vWorldDirection;
#include <common>
void main() {
	vWorldDirection = transformDirection( position, modelMatrix );
	#include <begin_vertex>
	#include <project_vertex>
	gl_Position.z = gl_Position.w;
}`,ry=`uniform samplerCube tCube;
uniform float tFlip;
uniform float opacity;
varying vec3 vWorldDirection;
void main() {
	vec4 texColor = textureCube( tCube, vec3( tFlip * vWorldDirection.x, vWorldDirection.yz ) );
	gl_FragColor = texColor;
	gl_FragColor.a *= opacity;
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
}`,oy=`#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
varying vec2 vHighPrecisionZW;
void main() {
	#include <uv_vertex>
	#include <batching_vertex>
	#include <skinbase_vertex>
	#include <morphinstance_vertex>
	#ifdef USE_DISPLACEMENTMAP
		#include <beginnormal_vertex>
		#include <morphnormal_vertex>
		#include <skinnormal_vertex>
	#endif
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	vHighPrecisionZW = gl_Position.zw;
}`,ay=`#if DEPTH_PACKING == 3200
	uniform float opacity;
#endif
#include <common>
#include <packing>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
varying vec2 vHighPrecisionZW;
void main() {
	vec4 diffuseColor = vec4( 1.0 );
	#include <clipping_planes_fragment>
	#if DEPTH_PACKING == 3200
		diffuseColor.a = opacity;
	#endif
	#include <map_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <logdepthbuf_fragment>
	#ifdef USE_REVERSED_DEPTH_BUFFER
		float fragCoordZ = vHighPrecisionZW[ 0 ] / vHighPrecisionZW[ 1 ];
	#else
		float fragCoordZ = 0.5 * vHighPrecisionZW[ 0 ] / vHighPrecisionZW[ 1 ] + 0.5;
	#endif
	#if DEPTH_PACKING == 3200
		gl_FragColor = vec4( vec3( 1.0 - fragCoordZ ), opacity );
	#elif DEPTH_PACKING == 3201
		gl_FragColor = packDepthToRGBA( fragCoordZ );
	#elif DEPTH_PACKING == 3202
		gl_FragColor = vec4( packDepthToRGB( fragCoordZ ), 1.0 );
	#elif DEPTH_PACKING == 3203
		gl_FragColor = vec4( packDepthToRG( fragCoordZ ), 0.0, 1.0 );
	#endif
}`,ly=`#define DISTANCE
varying vec3 vWorldPosition;
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <batching_vertex>
	#include <skinbase_vertex>
	#include <morphinstance_vertex>
	#ifdef USE_DISPLACEMENTMAP
		#include <beginnormal_vertex>
		#include <morphnormal_vertex>
		#include <skinnormal_vertex>
	#endif
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <worldpos_vertex>
	#include <clipping_planes_vertex>
	vWorldPosition = worldPosition.xyz;
}`,cy=`#define DISTANCE
uniform vec3 referencePosition;
uniform float nearDistance;
uniform float farDistance;
varying vec3 vWorldPosition;
#include <common>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( 1.0 );
	#include <clipping_planes_fragment>
	#include <map_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	float dist = length( vWorldPosition - referencePosition );
	dist = ( dist - nearDistance ) / ( farDistance - nearDistance );
	dist = saturate( dist );
	gl_FragColor = vec4( dist, 0.0, 0.0, 1.0 );
}`,hy=`varying vec3 vWorldDirection;
#include <common>
void main() {
	vWorldDirection = transformDirection( position, modelMatrix );
	#include <begin_vertex>
	#include <project_vertex>
}`,uy=`uniform sampler2D tEquirect;
varying vec3 vWorldDirection;
#include <common>
void main() {
	vec3 direction = normalize( vWorldDirection );
	vec2 sampleUV = equirectUv( direction );
	gl_FragColor = texture2D( tEquirect, sampleUV );
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
}`,dy=`uniform float scale;
attribute float lineDistance;
varying float vLineDistance;
#include <common>
#include <uv_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <morphtarget_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	vLineDistance = scale * lineDistance;
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	#include <fog_vertex>
}`,fy=`uniform vec3 diffuse;
uniform float opacity;
uniform float dashSize;
uniform float totalSize;
varying float vLineDistance;
#include <common>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <fog_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	if ( mod( vLineDistance, totalSize ) > dashSize ) {
		discard;
	}
	vec3 outgoingLight = vec3( 0.0 );
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	outgoingLight = diffuseColor.rgb;
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
}`,py=`#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <envmap_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#if defined ( USE_ENVMAP ) || defined ( USE_SKINNING )
		#include <beginnormal_vertex>
		#include <morphnormal_vertex>
		#include <skinbase_vertex>
		#include <skinnormal_vertex>
		#include <defaultnormal_vertex>
	#endif
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	#include <worldpos_vertex>
	#include <envmap_vertex>
	#include <fog_vertex>
}`,my=`uniform vec3 diffuse;
uniform float opacity;
#ifndef FLAT_SHADED
	varying vec3 vNormal;
#endif
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <aomap_pars_fragment>
#include <lightmap_pars_fragment>
#include <envmap_common_pars_fragment>
#include <envmap_pars_fragment>
#include <fog_pars_fragment>
#include <specularmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <specularmap_fragment>
	ReflectedLight reflectedLight = ReflectedLight( vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ) );
	#ifdef USE_LIGHTMAP
		vec4 lightMapTexel = texture2D( lightMap, vLightMapUv );
		reflectedLight.indirectDiffuse += lightMapTexel.rgb * lightMapIntensity * RECIPROCAL_PI;
	#else
		reflectedLight.indirectDiffuse += vec3( 1.0 );
	#endif
	#include <aomap_fragment>
	reflectedLight.indirectDiffuse *= diffuseColor.rgb;
	vec3 outgoingLight = reflectedLight.indirectDiffuse;
	#include <envmap_fragment>
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,gy=`#define LAMBERT
varying vec3 vViewPosition;
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <envmap_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <shadowmap_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	vViewPosition = - mvPosition.xyz;
	#include <worldpos_vertex>
	#include <envmap_vertex>
	#include <shadowmap_vertex>
	#include <fog_vertex>
}`,_y=`#define LAMBERT
uniform vec3 diffuse;
uniform vec3 emissive;
uniform float opacity;
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <aomap_pars_fragment>
#include <lightmap_pars_fragment>
#include <emissivemap_pars_fragment>
#include <envmap_common_pars_fragment>
#include <envmap_pars_fragment>
#include <envmap_physical_pars_fragment>
#include <fog_pars_fragment>
#include <bsdfs>
#include <lights_pars_begin>
#include <normal_pars_fragment>
#include <lights_lambert_pars_fragment>
#include <shadowmap_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <specularmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	ReflectedLight reflectedLight = ReflectedLight( vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ) );
	vec3 totalEmissiveRadiance = emissive;
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <specularmap_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	#include <emissivemap_fragment>
	#include <lights_lambert_fragment>
	#include <lights_fragment_begin>
	#include <lights_fragment_maps>
	#include <lights_fragment_end>
	#include <aomap_fragment>
	vec3 outgoingLight = reflectedLight.directDiffuse + reflectedLight.indirectDiffuse + totalEmissiveRadiance;
	#include <envmap_fragment>
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,xy=`#define MATCAP
varying vec3 vViewPosition;
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <color_pars_vertex>
#include <displacementmap_pars_vertex>
#include <fog_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	#include <fog_vertex>
	vViewPosition = - mvPosition.xyz;
}`,yy=`#define MATCAP
uniform vec3 diffuse;
uniform float opacity;
uniform sampler2D matcap;
varying vec3 vViewPosition;
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <fog_pars_fragment>
#include <normal_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	vec3 viewDir = normalize( vViewPosition );
	vec3 x = normalize( vec3( viewDir.z, 0.0, - viewDir.x ) );
	vec3 y = cross( viewDir, x );
	vec2 uv = vec2( dot( x, normal ), dot( y, normal ) ) * 0.495 + 0.5;
	#ifdef USE_MATCAP
		vec4 matcapColor = texture2D( matcap, uv );
	#else
		vec4 matcapColor = vec4( vec3( mix( 0.2, 0.8, uv.y ) ), 1.0 );
	#endif
	vec3 outgoingLight = diffuseColor.rgb * matcapColor.rgb;
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,vy=`#define NORMAL
#if defined( FLAT_SHADED ) || defined( USE_BUMPMAP ) || defined( USE_NORMALMAP_TANGENTSPACE )
	varying vec3 vViewPosition;
#endif
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphinstance_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
#if defined( FLAT_SHADED ) || defined( USE_BUMPMAP ) || defined( USE_NORMALMAP_TANGENTSPACE )
	vViewPosition = - mvPosition.xyz;
#endif
}`,Sy=`#define NORMAL
uniform float opacity;
#if defined( FLAT_SHADED ) || defined( USE_BUMPMAP ) || defined( USE_NORMALMAP_TANGENTSPACE )
	varying vec3 vViewPosition;
#endif
#include <uv_pars_fragment>
#include <normal_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( 0.0, 0.0, 0.0, opacity );
	#include <clipping_planes_fragment>
	#include <logdepthbuf_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	gl_FragColor = vec4( normalize( normal ) * 0.5 + 0.5, diffuseColor.a );
	#ifdef OPAQUE
		gl_FragColor.a = 1.0;
	#endif
}`,by=`#define PHONG
varying vec3 vViewPosition;
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <envmap_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <shadowmap_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphinstance_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	vViewPosition = - mvPosition.xyz;
	#include <worldpos_vertex>
	#include <envmap_vertex>
	#include <shadowmap_vertex>
	#include <fog_vertex>
}`,My=`#define PHONG
uniform vec3 diffuse;
uniform vec3 emissive;
uniform vec3 specular;
uniform float shininess;
uniform float opacity;
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <aomap_pars_fragment>
#include <lightmap_pars_fragment>
#include <emissivemap_pars_fragment>
#include <envmap_common_pars_fragment>
#include <envmap_pars_fragment>
#include <envmap_physical_pars_fragment>
#include <fog_pars_fragment>
#include <bsdfs>
#include <lights_pars_begin>
#include <normal_pars_fragment>
#include <lights_phong_pars_fragment>
#include <shadowmap_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <specularmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	ReflectedLight reflectedLight = ReflectedLight( vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ) );
	vec3 totalEmissiveRadiance = emissive;
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <specularmap_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	#include <emissivemap_fragment>
	#include <lights_phong_fragment>
	#include <lights_fragment_begin>
	#include <lights_fragment_maps>
	#include <lights_fragment_end>
	#include <aomap_fragment>
	vec3 outgoingLight = reflectedLight.directDiffuse + reflectedLight.indirectDiffuse + reflectedLight.directSpecular + reflectedLight.indirectSpecular + totalEmissiveRadiance;
	#include <envmap_fragment>
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,Ey=`#define STANDARD
varying vec3 vViewPosition;
#ifdef USE_TRANSMISSION
	varying vec3 vWorldPosition;
#endif
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <shadowmap_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	vViewPosition = - mvPosition.xyz;
	#include <worldpos_vertex>
	#include <shadowmap_vertex>
	#include <fog_vertex>
#ifdef USE_TRANSMISSION
	vWorldPosition = worldPosition.xyz;
#endif
}`,Ay=`#define STANDARD
#ifdef PHYSICAL
	#define IOR
	#define USE_SPECULAR
#endif
uniform vec3 diffuse;
uniform vec3 emissive;
uniform float roughness;
uniform float metalness;
uniform float opacity;
#ifdef IOR
	uniform float ior;
#endif
#ifdef USE_SPECULAR
	uniform float specularIntensity;
	uniform vec3 specularColor;
	#ifdef USE_SPECULAR_COLORMAP
		uniform sampler2D specularColorMap;
	#endif
	#ifdef USE_SPECULAR_INTENSITYMAP
		uniform sampler2D specularIntensityMap;
	#endif
#endif
#ifdef USE_CLEARCOAT
	uniform float clearcoat;
	uniform float clearcoatRoughness;
#endif
#ifdef USE_DIFFUSE_ROUGHNESS
	uniform float diffuseRoughness;
	#ifdef USE_DIFFUSE_ROUGHNESSMAP
		uniform sampler2D diffuseRoughnessMap;
	#endif
#endif
#ifdef USE_DISPERSION
	uniform float dispersion;
#endif
#ifdef USE_RETROREFLECTION
	uniform float retroreflectivity;
#endif
#ifdef USE_IRIDESCENCE
	uniform float iridescence;
	uniform float iridescenceIOR;
	uniform float iridescenceThicknessMinimum;
	uniform float iridescenceThicknessMaximum;
#endif
#ifdef USE_SHEEN
	uniform vec3 sheenColor;
	uniform float sheenRoughness;
	#ifdef USE_SHEEN_COLORMAP
		uniform sampler2D sheenColorMap;
	#endif
	#ifdef USE_SHEEN_ROUGHNESSMAP
		uniform sampler2D sheenRoughnessMap;
	#endif
#endif
#ifdef USE_ANISOTROPY
	uniform vec2 anisotropyVector;
	#ifdef USE_ANISOTROPYMAP
		uniform sampler2D anisotropyMap;
	#endif
#endif
varying vec3 vViewPosition;
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <aomap_pars_fragment>
#include <lightmap_pars_fragment>
#include <emissivemap_pars_fragment>
#include <iridescence_fragment>
#include <envmap_common_pars_fragment>
#include <envmap_physical_pars_fragment>
#include <fog_pars_fragment>
#include <lights_pars_begin>
#include <normal_pars_fragment>
#include <lights_physical_pars_fragment>
#include <transmission_pars_fragment>
#include <shadowmap_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <clearcoat_pars_fragment>
#include <iridescence_pars_fragment>
#include <roughnessmap_pars_fragment>
#include <metalnessmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	ReflectedLight reflectedLight = ReflectedLight( vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ) );
	vec3 totalEmissiveRadiance = emissive;
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <roughnessmap_fragment>
	#include <metalnessmap_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	#include <clearcoat_normal_fragment_begin>
	#include <clearcoat_normal_fragment_maps>
	#include <emissivemap_fragment>
	#include <lights_physical_fragment>
	#include <lights_fragment_begin>
	#include <lights_fragment_maps>
	#include <lights_fragment_end>
	#include <aomap_fragment>
	vec3 totalDiffuse = reflectedLight.directDiffuse + reflectedLight.indirectDiffuse;
	vec3 totalSpecular = reflectedLight.directSpecular + reflectedLight.indirectSpecular;
	#include <transmission_fragment>
	vec3 outgoingLight = totalDiffuse + totalSpecular + totalEmissiveRadiance;
	#ifdef USE_SHEEN
 
		outgoingLight = outgoingLight + sheenSpecularDirect + sheenSpecularIndirect;
 
 	#endif
	#ifdef USE_CLEARCOAT
		float dotNVcc = saturate( dot( geometryClearcoatNormal, geometryViewDir ) );
		vec3 Fcc = F_Schlick( material.clearcoatF0, material.clearcoatF90, dotNVcc );
		outgoingLight = outgoingLight * ( 1.0 - material.clearcoat * Fcc ) + ( clearcoatSpecularDirect + clearcoatSpecularIndirect ) * material.clearcoat;
	#endif
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,Ty=`#define TOON
varying vec3 vViewPosition;
#include <common>
#include <batching_pars_vertex>
#include <uv_pars_vertex>
#include <displacementmap_pars_vertex>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <normal_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <shadowmap_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <normal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <displacementmap_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	vViewPosition = - mvPosition.xyz;
	#include <worldpos_vertex>
	#include <shadowmap_vertex>
	#include <fog_vertex>
}`,wy=`#define TOON
uniform vec3 diffuse;
uniform vec3 emissive;
uniform float opacity;
#include <common>
#include <dithering_pars_fragment>
#include <color_pars_fragment>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <aomap_pars_fragment>
#include <lightmap_pars_fragment>
#include <emissivemap_pars_fragment>
#include <gradientmap_pars_fragment>
#include <fog_pars_fragment>
#include <bsdfs>
#include <lights_pars_begin>
#include <normal_pars_fragment>
#include <lights_toon_pars_fragment>
#include <shadowmap_pars_fragment>
#include <bumpmap_pars_fragment>
#include <normalmap_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	ReflectedLight reflectedLight = ReflectedLight( vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ), vec3( 0.0 ) );
	vec3 totalEmissiveRadiance = emissive;
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <color_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	#include <normal_fragment_begin>
	#include <normal_fragment_maps>
	#include <emissivemap_fragment>
	#include <lights_toon_fragment>
	#include <lights_fragment_begin>
	#include <lights_fragment_maps>
	#include <lights_fragment_end>
	#include <aomap_fragment>
	vec3 outgoingLight = reflectedLight.directDiffuse + reflectedLight.indirectDiffuse + totalEmissiveRadiance;
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
	#include <dithering_fragment>
}`,Ry=`uniform float size;
uniform float scale;
#include <common>
#include <color_pars_vertex>
#include <fog_pars_vertex>
#include <morphtarget_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
#ifdef USE_POINTS_UV
	varying vec2 vUv;
	uniform mat3 uvTransform;
#endif
void main() {
	#ifdef USE_POINTS_UV
		vUv = ( uvTransform * vec3( uv, 1 ) ).xy;
	#endif
	#include <color_vertex>
	#include <morphinstance_vertex>
	#include <morphcolor_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <project_vertex>
	gl_PointSize = size;
	#ifdef USE_SIZEATTENUATION
		bool isPerspective = isPerspectiveMatrix( projectionMatrix );
		if ( isPerspective ) gl_PointSize *= ( scale / - mvPosition.z );
	#endif
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	#include <worldpos_vertex>
	#include <fog_vertex>
}`,Iy=`uniform vec3 diffuse;
uniform float opacity;
#include <common>
#include <color_pars_fragment>
#include <map_particle_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <fog_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	vec3 outgoingLight = vec3( 0.0 );
	#include <logdepthbuf_fragment>
	#include <map_particle_fragment>
	#include <color_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	outgoingLight = diffuseColor.rgb;
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
}`,Cy=`#include <common>
#include <batching_pars_vertex>
#include <fog_pars_vertex>
#include <morphtarget_pars_vertex>
#include <skinning_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <shadowmap_pars_vertex>
void main() {
	#include <batching_vertex>
	#include <beginnormal_vertex>
	#include <morphinstance_vertex>
	#include <morphnormal_vertex>
	#include <skinbase_vertex>
	#include <skinnormal_vertex>
	#include <defaultnormal_vertex>
	#include <begin_vertex>
	#include <morphtarget_vertex>
	#include <skinning_vertex>
	#include <project_vertex>
	#include <logdepthbuf_vertex>
	#include <worldpos_vertex>
	#include <shadowmap_vertex>
	#include <fog_vertex>
}`,Ny=`uniform vec3 color;
uniform float opacity;
#include <common>
#include <fog_pars_fragment>
#include <bsdfs>
#include <lights_pars_begin>
#include <logdepthbuf_pars_fragment>
#include <shadowmap_pars_fragment>
#include <shadowmask_pars_fragment>
void main() {
	#include <logdepthbuf_fragment>
	gl_FragColor = vec4( color, opacity * ( 1.0 - getShadowMask() ) );
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
	#include <premultiplied_alpha_fragment>
}`,Py=`uniform float rotation;
uniform vec2 center;
#include <common>
#include <uv_pars_vertex>
#include <fog_pars_vertex>
#include <logdepthbuf_pars_vertex>
#include <clipping_planes_pars_vertex>
void main() {
	#include <uv_vertex>
	vec4 mvPosition = modelViewMatrix[ 3 ];
	vec2 scale = vec2( length( modelMatrix[ 0 ].xyz ), length( modelMatrix[ 1 ].xyz ) );
	#ifndef USE_SIZEATTENUATION
		bool isPerspective = isPerspectiveMatrix( projectionMatrix );
		if ( isPerspective ) scale *= - mvPosition.z;
	#endif
	vec2 alignedPosition = ( position.xy - ( center - vec2( 0.5 ) ) ) * scale;
	vec2 rotatedPosition;
	rotatedPosition.x = cos( rotation ) * alignedPosition.x - sin( rotation ) * alignedPosition.y;
	rotatedPosition.y = sin( rotation ) * alignedPosition.x + cos( rotation ) * alignedPosition.y;
	mvPosition.xy += rotatedPosition;
	gl_Position = projectionMatrix * mvPosition;
	#include <logdepthbuf_vertex>
	#include <clipping_planes_vertex>
	#include <fog_vertex>
}`,Ly=`uniform vec3 diffuse;
uniform float opacity;
#include <common>
#include <uv_pars_fragment>
#include <map_pars_fragment>
#include <alphamap_pars_fragment>
#include <alphatest_pars_fragment>
#include <alphahash_pars_fragment>
#include <fog_pars_fragment>
#include <logdepthbuf_pars_fragment>
#include <clipping_planes_pars_fragment>
void main() {
	vec4 diffuseColor = vec4( diffuse, opacity );
	#include <clipping_planes_fragment>
	vec3 outgoingLight = vec3( 0.0 );
	#include <logdepthbuf_fragment>
	#include <map_fragment>
	#include <alphamap_fragment>
	#include <alphatest_fragment>
	#include <alphahash_fragment>
	outgoingLight = diffuseColor.rgb;
	#include <opaque_fragment>
	#include <tonemapping_fragment>
	#include <colorspace_fragment>
	#include <fog_fragment>
}`,Be={alphahash_fragment:t_,alphahash_pars_fragment:n_,alphamap_fragment:i_,alphamap_pars_fragment:s_,alphatest_fragment:r_,alphatest_pars_fragment:o_,aomap_fragment:a_,aomap_pars_fragment:l_,batching_pars_vertex:c_,batching_vertex:h_,begin_vertex:u_,beginnormal_vertex:d_,bsdfs:f_,iridescence_fragment:p_,bumpmap_pars_fragment:m_,clipping_planes_fragment:g_,clipping_planes_pars_fragment:__,clipping_planes_pars_vertex:x_,clipping_planes_vertex:y_,color_fragment:v_,color_pars_fragment:S_,color_pars_vertex:b_,color_vertex:M_,common:E_,defaultnormal_vertex:A_,displacementmap_pars_vertex:T_,displacementmap_vertex:w_,emissivemap_fragment:R_,emissivemap_pars_fragment:I_,colorspace_fragment:C_,colorspace_pars_fragment:N_,envmap_fragment:P_,envmap_common_pars_fragment:L_,envmap_pars_fragment:D_,envmap_pars_vertex:U_,envmap_physical_pars_fragment:Y_,envmap_vertex:O_,fog_vertex:F_,fog_pars_vertex:B_,fog_fragment:k_,fog_pars_fragment:z_,gradientmap_pars_fragment:V_,lightmap_pars_fragment:G_,lights_lambert_fragment:H_,lights_lambert_pars_fragment:W_,lights_pars_begin:X_,lights_toon_fragment:K_,lights_toon_pars_fragment:q_,lights_phong_fragment:$_,lights_phong_pars_fragment:Z_,lights_physical_fragment:J_,lights_physical_pars_fragment:Q_,lights_fragment_begin:j_,lights_fragment_maps:ex,lights_fragment_end:tx,lightprobes_pars_fragment:nx,logdepthbuf_fragment:ix,logdepthbuf_pars_fragment:sx,logdepthbuf_pars_vertex:rx,logdepthbuf_vertex:ox,map_fragment:ax,map_pars_fragment:lx,map_particle_fragment:cx,map_particle_pars_fragment:hx,metalnessmap_fragment:ux,metalnessmap_pars_fragment:dx,morphinstance_vertex:fx,morphcolor_vertex:px,morphnormal_vertex:mx,morphtarget_pars_vertex:gx,morphtarget_vertex:_x,normal_fragment_begin:xx,normal_fragment_maps:yx,normal_pars_fragment:vx,normal_pars_vertex:Sx,normal_vertex:bx,normalmap_pars_fragment:Mx,clearcoat_normal_fragment_begin:Ex,clearcoat_normal_fragment_maps:Ax,clearcoat_pars_fragment:Tx,iridescence_pars_fragment:wx,opaque_fragment:Rx,packing:Ix,premultiplied_alpha_fragment:Cx,project_vertex:Nx,dithering_fragment:Px,dithering_pars_fragment:Lx,roughnessmap_fragment:Dx,roughnessmap_pars_fragment:Ux,shadowmap_pars_fragment:Ox,shadowmap_pars_vertex:Fx,shadowmap_vertex:Bx,shadowmask_pars_fragment:kx,skinbase_vertex:zx,skinning_pars_vertex:Vx,skinning_vertex:Gx,skinnormal_vertex:Hx,specularmap_fragment:Wx,specularmap_pars_fragment:Xx,tonemapping_fragment:Yx,tonemapping_pars_fragment:Kx,transmission_fragment:qx,transmission_pars_fragment:$x,uv_pars_fragment:Zx,uv_pars_vertex:Jx,uv_vertex:Qx,worldpos_vertex:jx,background_vert:ey,background_frag:ty,backgroundCube_vert:ny,backgroundCube_frag:iy,cube_vert:sy,cube_frag:ry,depth_vert:oy,depth_frag:ay,distance_vert:ly,distance_frag:cy,equirect_vert:hy,equirect_frag:uy,linedashed_vert:dy,linedashed_frag:fy,meshbasic_vert:py,meshbasic_frag:my,meshlambert_vert:gy,meshlambert_frag:_y,meshmatcap_vert:xy,meshmatcap_frag:yy,meshnormal_vert:vy,meshnormal_frag:Sy,meshphong_vert:by,meshphong_frag:My,meshphysical_vert:Ey,meshphysical_frag:Ay,meshtoon_vert:Ty,meshtoon_frag:wy,points_vert:Ry,points_frag:Iy,shadow_vert:Cy,shadow_frag:Ny,sprite_vert:Py,sprite_frag:Ly},pe={common:{diffuse:{value:new Ve(16777215)},opacity:{value:1},map:{value:null},mapTransform:{value:new Ne},alphaMap:{value:null},alphaMapTransform:{value:new Ne},alphaTest:{value:0}},specularmap:{specularMap:{value:null},specularMapTransform:{value:new Ne}},envmap:{envMap:{value:null},envMapRotation:{value:new Ne},reflectivity:{value:1},ior:{value:1.5},refractionRatio:{value:.98},dfgLUT:{value:null}},aomap:{aoMap:{value:null},aoMapIntensity:{value:1},aoMapTransform:{value:new Ne}},lightmap:{lightMap:{value:null},lightMapIntensity:{value:1},lightMapTransform:{value:new Ne}},bumpmap:{bumpMap:{value:null},bumpMapTransform:{value:new Ne},bumpScale:{value:1}},normalmap:{normalMap:{value:null},normalMapTransform:{value:new Ne},normalScale:{value:new ke(1,1)}},displacementmap:{displacementMap:{value:null},displacementMapTransform:{value:new Ne},displacementScale:{value:1},displacementBias:{value:0}},emissivemap:{emissiveMap:{value:null},emissiveMapTransform:{value:new Ne}},metalnessmap:{metalnessMap:{value:null},metalnessMapTransform:{value:new Ne}},roughnessmap:{roughnessMap:{value:null},roughnessMapTransform:{value:new Ne}},gradientmap:{gradientMap:{value:null}},fog:{fogDensity:{value:25e-5},fogNear:{value:1},fogFar:{value:2e3},fogColor:{value:new Ve(16777215)}},lights:{ambientLightColor:{value:[]},lightProbe:{value:[]},sunLights:{value:[],properties:{direction:{},color:{}}},sunLightShadows:{value:[],properties:{shadowIntensity:1,shadowBias:{},shadowNormalBias:{},shadowRadius:{},shadowMapSize:{}}},sunShadowMatrix:{value:[]},sunShadowCascade:{value:[]},directionalLights:{value:[],properties:{direction:{},color:{}}},directionalLightShadows:{value:[],properties:{shadowIntensity:1,shadowBias:{},shadowNormalBias:{},shadowRadius:{},shadowMapSize:{}}},directionalShadowMatrix:{value:[]},spotLights:{value:[],properties:{color:{},position:{},direction:{},distance:{},coneCos:{},penumbraCos:{},decay:{}}},spotLightShadows:{value:[],properties:{shadowIntensity:1,shadowBias:{},shadowNormalBias:{},shadowRadius:{},shadowMapSize:{}}},spotLightMap:{value:[]},spotLightMatrix:{value:[]},pointLights:{value:[],properties:{color:{},position:{},decay:{},distance:{}}},pointLightShadows:{value:[],properties:{shadowIntensity:1,shadowBias:{},shadowNormalBias:{},shadowRadius:{},shadowMapSize:{},shadowCameraNear:{},shadowCameraFar:{}}},pointShadowMatrix:{value:[]},hemisphereLights:{value:[],properties:{direction:{},skyColor:{},groundColor:{}}},rectAreaLights:{value:[],properties:{color:{},position:{},width:{},height:{}}},ltc_1:{value:null},ltc_2:{value:null},probesSH:{value:[]},probesMin:{value:[]},probesMax:{value:[]},probesResolution:{value:[]}},points:{diffuse:{value:new Ve(16777215)},opacity:{value:1},size:{value:1},scale:{value:1},map:{value:null},alphaMap:{value:null},alphaMapTransform:{value:new Ne},alphaTest:{value:0},uvTransform:{value:new Ne}},sprite:{diffuse:{value:new Ve(16777215)},opacity:{value:1},center:{value:new ke(.5,.5)},rotation:{value:0},map:{value:null},mapTransform:{value:new Ne},alphaMap:{value:null},alphaMapTransform:{value:new Ne},alphaTest:{value:0}}},wn={basic:{uniforms:Ct([pe.common,pe.specularmap,pe.envmap,pe.aomap,pe.lightmap,pe.fog]),vertexShader:Be.meshbasic_vert,fragmentShader:Be.meshbasic_frag},lambert:{uniforms:Ct([pe.common,pe.specularmap,pe.envmap,pe.aomap,pe.lightmap,pe.emissivemap,pe.bumpmap,pe.normalmap,pe.displacementmap,pe.fog,pe.lights,{emissive:{value:new Ve(0)},envMapIntensity:{value:1}}]),vertexShader:Be.meshlambert_vert,fragmentShader:Be.meshlambert_frag},phong:{uniforms:Ct([pe.common,pe.specularmap,pe.envmap,pe.aomap,pe.lightmap,pe.emissivemap,pe.bumpmap,pe.normalmap,pe.displacementmap,pe.fog,pe.lights,{emissive:{value:new Ve(0)},specular:{value:new Ve(1118481)},shininess:{value:30},envMapIntensity:{value:1}}]),vertexShader:Be.meshphong_vert,fragmentShader:Be.meshphong_frag},standard:{uniforms:Ct([pe.common,pe.envmap,pe.aomap,pe.lightmap,pe.emissivemap,pe.bumpmap,pe.normalmap,pe.displacementmap,pe.roughnessmap,pe.metalnessmap,pe.fog,pe.lights,{emissive:{value:new Ve(0)},roughness:{value:1},metalness:{value:0},envMapIntensity:{value:1}}]),vertexShader:Be.meshphysical_vert,fragmentShader:Be.meshphysical_frag},toon:{uniforms:Ct([pe.common,pe.aomap,pe.lightmap,pe.emissivemap,pe.bumpmap,pe.normalmap,pe.displacementmap,pe.gradientmap,pe.fog,pe.lights,{emissive:{value:new Ve(0)}}]),vertexShader:Be.meshtoon_vert,fragmentShader:Be.meshtoon_frag},matcap:{uniforms:Ct([pe.common,pe.bumpmap,pe.normalmap,pe.displacementmap,pe.fog,{matcap:{value:null}}]),vertexShader:Be.meshmatcap_vert,fragmentShader:Be.meshmatcap_frag},points:{uniforms:Ct([pe.points,pe.fog]),vertexShader:Be.points_vert,fragmentShader:Be.points_frag},dashed:{uniforms:Ct([pe.common,pe.fog,{scale:{value:1},dashSize:{value:1},totalSize:{value:2}}]),vertexShader:Be.linedashed_vert,fragmentShader:Be.linedashed_frag},depth:{uniforms:Ct([pe.common,pe.displacementmap]),vertexShader:Be.depth_vert,fragmentShader:Be.depth_frag},normal:{uniforms:Ct([pe.common,pe.bumpmap,pe.normalmap,pe.displacementmap,{opacity:{value:1}}]),vertexShader:Be.meshnormal_vert,fragmentShader:Be.meshnormal_frag},sprite:{uniforms:Ct([pe.sprite,pe.fog]),vertexShader:Be.sprite_vert,fragmentShader:Be.sprite_frag},background:{uniforms:{uvTransform:{value:new Ne},t2D:{value:null},backgroundIntensity:{value:1}},vertexShader:Be.background_vert,fragmentShader:Be.background_frag},backgroundCube:{uniforms:{envMap:{value:null},backgroundBlurriness:{value:0},backgroundIntensity:{value:1},backgroundRotation:{value:new Ne}},vertexShader:Be.backgroundCube_vert,fragmentShader:Be.backgroundCube_frag},cube:{uniforms:{tCube:{value:null},tFlip:{value:-1},opacity:{value:1}},vertexShader:Be.cube_vert,fragmentShader:Be.cube_frag},equirect:{uniforms:{tEquirect:{value:null}},vertexShader:Be.equirect_vert,fragmentShader:Be.equirect_frag},distance:{uniforms:Ct([pe.common,pe.displacementmap,{referencePosition:{value:new F},nearDistance:{value:1},farDistance:{value:1e3}}]),vertexShader:Be.distance_vert,fragmentShader:Be.distance_frag},shadow:{uniforms:Ct([pe.lights,pe.fog,{color:{value:new Ve(0)},opacity:{value:1}}]),vertexShader:Be.shadow_vert,fragmentShader:Be.shadow_frag}};wn.physical={uniforms:Ct([wn.standard.uniforms,{clearcoat:{value:0},clearcoatMap:{value:null},clearcoatMapTransform:{value:new Ne},clearcoatNormalMap:{value:null},clearcoatNormalMapTransform:{value:new Ne},clearcoatNormalScale:{value:new ke(1,1)},clearcoatRoughness:{value:0},clearcoatRoughnessMap:{value:null},clearcoatRoughnessMapTransform:{value:new Ne},diffuseRoughness:{value:0},diffuseRoughnessMap:{value:null},diffuseRoughnessMapTransform:{value:new Ne},dispersion:{value:0},retroreflectivity:{value:0},iridescence:{value:0},iridescenceMap:{value:null},iridescenceMapTransform:{value:new Ne},iridescenceIOR:{value:1.3},iridescenceThicknessMinimum:{value:100},iridescenceThicknessMaximum:{value:400},iridescenceThicknessMap:{value:null},iridescenceThicknessMapTransform:{value:new Ne},sheen:{value:0},sheenColor:{value:new Ve(0)},sheenColorMap:{value:null},sheenColorMapTransform:{value:new Ne},sheenRoughness:{value:1},sheenRoughnessMap:{value:null},sheenRoughnessMapTransform:{value:new Ne},transmission:{value:0},transmissionMap:{value:null},transmissionMapTransform:{value:new Ne},transmissionSamplerSize:{value:new ke},transmissionSamplerMap:{value:null},thickness:{value:0},thicknessMap:{value:null},thicknessMapTransform:{value:new Ne},attenuationDistance:{value:0},attenuationColor:{value:new Ve(0)},specularColor:{value:new Ve(1,1,1)},specularColorMap:{value:null},specularColorMapTransform:{value:new Ne},specularIntensity:{value:1},specularIntensityMap:{value:null},specularIntensityMapTransform:{value:new Ne},anisotropyVector:{value:new ke},anisotropyMap:{value:null},anisotropyMapTransform:{value:new Ne}}]),vertexShader:Be.meshphysical_vert,fragmentShader:Be.meshphysical_frag};var hl={r:0,b:0,g:0},Dy=new Je,Ap=new Ne;Ap.set(-1,0,0,0,1,0,0,0,1);function Uy(n,e,t,i,s,r){let o=new Ve(0),a=s===!0?0:1,c,l,h=null,u=0,d=null;function p(S){let w=S.isScene===!0?S.background:null;if(w&&w.isTexture){let E=S.backgroundBlurriness>0;w=e.get(w,E)}return w}function g(S){let w=!1,E=p(S);E===null?f(o,a):E&&E.isColor&&(f(E,1),w=!0);let T=n.xr.getEnvironmentBlendMode();T==="additive"?t.buffers.color.setClear(0,0,0,1,r):T==="alpha-blend"&&t.buffers.color.setClear(0,0,0,0,r),(n.autoClear||w)&&(t.buffers.depth.setTest(!0),t.buffers.depth.setMask(!0),t.buffers.color.setMask(!0),n.clear(n.autoClearColor,n.autoClearDepth,n.autoClearStencil))}function v(S,w){let E=p(w);E&&E.isCubeTexture?(l===void 0&&(l=new zt(new zn(1,1,1),new Mn({name:"BackgroundCubeMaterial",uniforms:Pi(wn.backgroundCube.uniforms),vertexShader:wn.backgroundCube.vertexShader,fragmentShader:wn.backgroundCube.fragmentShader,side:Ft,depthTest:!1,depthWrite:!1,fog:!1,allowOverride:!1})),l.geometry.deleteAttribute("normal"),l.geometry.deleteAttribute("uv"),l.onBeforeRender=function(T,A,_){this.matrixWorld.copyPosition(_.matrixWorld)},Object.defineProperty(l.material,"envMap",{get:function(){return this.uniforms.envMap.value}}),i.update(l)),l.material.uniforms.envMap.value=E,l.material.uniforms.backgroundBlurriness.value=w.backgroundBlurriness,l.material.uniforms.backgroundIntensity.value=w.backgroundIntensity,l.material.uniforms.backgroundRotation.value.setFromMatrix4(Dy.makeRotationFromEuler(w.backgroundRotation)).transpose(),E.isRenderTargetTexture===!1&&l.material.uniforms.backgroundRotation.value.premultiply(Ap),l.material.toneMapped=ze.getTransfer(E.colorSpace)!==qe,(h!==E||u!==E.version||d!==n.toneMapping)&&(l.material.needsUpdate=!0,h=E,u=E.version,d=n.toneMapping),l.layers.enableAll(),S.unshift(l,l.geometry,l.material,0,0,null)):E&&E.isTexture&&(c===void 0&&(c=new zt(new fr(2,2),new Mn({name:"BackgroundMaterial",uniforms:Pi(wn.background.uniforms),vertexShader:wn.background.vertexShader,fragmentShader:wn.background.fragmentShader,side:En,depthTest:!1,depthWrite:!1,fog:!1,allowOverride:!1})),c.geometry.deleteAttribute("normal"),Object.defineProperty(c.material,"map",{get:function(){return this.uniforms.t2D.value}}),i.update(c)),c.material.uniforms.t2D.value=E,c.material.uniforms.backgroundIntensity.value=w.backgroundIntensity,c.material.toneMapped=ze.getTransfer(E.colorSpace)!==qe,E.matrixAutoUpdate===!0&&E.updateMatrix(),c.material.uniforms.uvTransform.value.copy(E.matrix),(h!==E||u!==E.version||d!==n.toneMapping)&&(c.material.needsUpdate=!0,h=E,u=E.version,d=n.toneMapping),c.layers.enableAll(),S.unshift(c,c.geometry,c.material,0,0,null))}function f(S,w){S.getRGB(hl,ch(n)),t.buffers.color.setClear(hl.r,hl.g,hl.b,w,r)}function m(){l!==void 0&&(l.geometry.dispose(),l.material.dispose(),l=void 0),c!==void 0&&(c.geometry.dispose(),c.material.dispose(),c=void 0)}return{getClearColor:function(){return o},setClearColor:function(S,w=1){o.set(S),a=w,f(o,a)},getClearAlpha:function(){return a},setClearAlpha:function(S){a=S,f(o,a)},render:g,addToRenderList:v,dispose:m}}function Oy(n,e){let t=n.getParameter(n.MAX_VERTEX_ATTRIBS),i={},s=d(null),r=s,o=!1;function a(L,z,Y,C,W){let Z=!1,V=u(L,C,Y,z);r!==V&&(r=V,l(r.object)),Z=p(L,C,Y,W),Z&&g(L,C,Y,W),W!==null&&e.update(W,n.ELEMENT_ARRAY_BUFFER),(Z||o)&&(o=!1,E(L,z,Y,C),W!==null&&n.bindBuffer(n.ELEMENT_ARRAY_BUFFER,e.get(W).buffer))}function c(){return n.createVertexArray()}function l(L){return n.bindVertexArray(L)}function h(L){return n.deleteVertexArray(L)}function u(L,z,Y,C){let W=C.wireframe===!0,Z=i[z.id];Z===void 0&&(Z={},i[z.id]=Z);let V=L.isInstancedMesh===!0?L.id:0,ne=Z[V];ne===void 0&&(ne={},Z[V]=ne);let H=ne[Y.id];H===void 0&&(H={},ne[Y.id]=H);let Q=H[W];return Q===void 0&&(Q=d(c()),H[W]=Q),Q}function d(L){let z=[],Y=[],C=[];for(let W=0;W<t;W++)z[W]=0,Y[W]=0,C[W]=0;return{geometry:null,program:null,wireframe:!1,newAttributes:z,enabledAttributes:Y,attributeDivisors:C,object:L,attributes:{},index:null}}function p(L,z,Y,C){let W=r.attributes,Z=z.attributes,V=0,ne=Y.getAttributes();for(let H in ne)if(ne[H].location>=0){let j=W[H],be=Z[H];if(be===void 0&&(H==="instanceMatrix"&&L.instanceMatrix&&(be=L.instanceMatrix),H==="instanceColor"&&L.instanceColor&&(be=L.instanceColor)),j===void 0||j.attribute!==be||be&&j.data!==be.data)return!0;V++}return r.attributesNum!==V||r.index!==C}function g(L,z,Y,C){let W={},Z=z.attributes,V=0,ne=Y.getAttributes();for(let H in ne)if(ne[H].location>=0){let j=Z[H];j===void 0&&(H==="instanceMatrix"&&L.instanceMatrix&&(j=L.instanceMatrix),H==="instanceColor"&&L.instanceColor&&(j=L.instanceColor));let be={};be.attribute=j,j&&j.data&&(be.data=j.data),W[H]=be,V++}r.attributes=W,r.attributesNum=V,r.index=C}function v(){let L=r.newAttributes;for(let z=0,Y=L.length;z<Y;z++)L[z]=0}function f(L){m(L,0)}function m(L,z){let Y=r.newAttributes,C=r.enabledAttributes,W=r.attributeDivisors;Y[L]=1,C[L]===0&&(n.enableVertexAttribArray(L),C[L]=1),W[L]!==z&&(n.vertexAttribDivisor(L,z),W[L]=z)}function S(){let L=r.newAttributes,z=r.enabledAttributes;for(let Y=0,C=z.length;Y<C;Y++)z[Y]!==L[Y]&&(n.disableVertexAttribArray(Y),z[Y]=0)}function w(L,z,Y,C,W,Z,V){V===!0?n.vertexAttribIPointer(L,z,Y,W,Z):n.vertexAttribPointer(L,z,Y,C,W,Z)}function E(L,z,Y,C){v();let W=C.attributes,Z=Y.getAttributes(),V=z.defaultAttributeValues;for(let ne in Z){let H=Z[ne];if(H.location>=0){let Q=W[ne];if(Q===void 0&&(ne==="instanceMatrix"&&L.instanceMatrix&&(Q=L.instanceMatrix),ne==="instanceColor"&&L.instanceColor&&(Q=L.instanceColor)),Q!==void 0){let j=Q.normalized,be=Q.itemSize,Le=e.get(Q);if(Le===void 0)continue;let q=Le.buffer,me=Le.type,ye=Le.bytesPerElement,Te=me===n.INT||me===n.UNSIGNED_INT||Q.gpuType===Aa;if(Q.isInterleavedBufferAttribute){let ge=Q.data,Ue=ge.isInterleavedBuffer===!0?ge.stride:ge.itemSize,ct=Q.offset;if(ge.isInstancedInterleavedBuffer||ge.isInstancedBufferAttribute){for(let Ie=0;Ie<H.locationSize;Ie++)m(H.location+Ie,ge.meshPerAttribute);L.isInstancedMesh!==!0&&C._maxInstanceCount===void 0&&(C._maxInstanceCount=ge.meshPerAttribute*ge.count)}else for(let Ie=0;Ie<H.locationSize;Ie++)f(H.location+Ie);n.bindBuffer(n.ARRAY_BUFFER,q);for(let Ie=0;Ie<H.locationSize;Ie++)w(H.location+Ie,be/H.locationSize,me,j,Ue*ye,(ct+be/H.locationSize*Ie)*ye,Te)}else{if(Q.isInstancedBufferAttribute){for(let ge=0;ge<H.locationSize;ge++)m(H.location+ge,Q.meshPerAttribute);L.isInstancedMesh!==!0&&C._maxInstanceCount===void 0&&(C._maxInstanceCount=Q.meshPerAttribute*Q.count)}else for(let ge=0;ge<H.locationSize;ge++)f(H.location+ge);n.bindBuffer(n.ARRAY_BUFFER,q);for(let ge=0;ge<H.locationSize;ge++)w(H.location+ge,be/H.locationSize,me,j,be*ye,be/H.locationSize*ge*ye,Te)}}else if(V!==void 0){let j=V[ne];if(j!==void 0)switch(j.length){case 2:n.vertexAttrib2fv(H.location,j);break;case 3:n.vertexAttrib3fv(H.location,j);break;case 4:n.vertexAttrib4fv(H.location,j);break;default:n.vertexAttrib1fv(H.location,j)}}}}S()}function T(){B();for(let L in i){let z=i[L];for(let Y in z){let C=z[Y];for(let W in C){let Z=C[W];for(let V in Z)h(Z[V].object),delete Z[V];delete C[W]}}delete i[L]}}function A(L){if(i[L.id]===void 0)return;let z=i[L.id];for(let Y in z){let C=z[Y];for(let W in C){let Z=C[W];for(let V in Z)h(Z[V].object),delete Z[V];delete C[W]}}delete i[L.id]}function _(L){for(let z in i){let Y=i[z];for(let C in Y){let W=Y[C];if(W[L.id]===void 0)continue;let Z=W[L.id];for(let V in Z)h(Z[V].object),delete Z[V];delete W[L.id]}}}function M(L){for(let z in i){let Y=i[z],C=L.isInstancedMesh===!0?L.id:0,W=Y[C];if(W!==void 0){for(let Z in W){let V=W[Z];for(let ne in V)h(V[ne].object),delete V[ne];delete W[Z]}delete Y[C],Object.keys(Y).length===0&&delete i[z]}}}function B(){N(),o=!0,r!==s&&(r=s,l(r.object))}function N(){s.geometry=null,s.program=null,s.wireframe=!1}return{setup:a,reset:B,resetDefaultState:N,dispose:T,releaseStatesOfGeometry:A,releaseStatesOfObject:M,releaseStatesOfProgram:_,initAttributes:v,enableAttribute:f,disableUnusedAttributes:S}}function Fy(n,e,t){let i;function s(c){i=c}function r(c,l){n.drawArrays(i,c,l),t.update(l,i,1)}function o(c,l,h){h!==0&&(n.drawArraysInstanced(i,c,l,h),t.update(l,i,h))}function a(c,l,h){if(h===0)return;e.get("WEBGL_multi_draw").multiDrawArraysWEBGL(i,c,0,l,0,h);let d=0;for(let p=0;p<h;p++)d+=l[p];t.update(d,i,1)}this.setMode=s,this.render=r,this.renderInstances=o,this.renderMultiDraw=a}function By(n,e,t,i){let s;function r(){if(s!==void 0)return s;if(e.has("EXT_texture_filter_anisotropic")===!0){let _=e.get("EXT_texture_filter_anisotropic");s=n.getParameter(_.MAX_TEXTURE_MAX_ANISOTROPY_EXT)}else s=0;return s}function o(_){return!(_!==fn&&i.convert(_)!==n.getParameter(n.IMPLEMENTATION_COLOR_READ_FORMAT))}function a(_){let M=_===dn&&(e.has("EXT_color_buffer_half_float")||e.has("EXT_color_buffer_float"));return!(_!==Kt&&_!==sn&&!M&&i.convert(_)!==n.getParameter(n.IMPLEMENTATION_COLOR_READ_TYPE))}function c(_){if(_==="highp"){if(n.getShaderPrecisionFormat(n.VERTEX_SHADER,n.HIGH_FLOAT).precision>0&&n.getShaderPrecisionFormat(n.FRAGMENT_SHADER,n.HIGH_FLOAT).precision>0)return"highp";_="mediump"}return _==="mediump"&&n.getShaderPrecisionFormat(n.VERTEX_SHADER,n.MEDIUM_FLOAT).precision>0&&n.getShaderPrecisionFormat(n.FRAGMENT_SHADER,n.MEDIUM_FLOAT).precision>0?"mediump":"lowp"}let l=t.precision!==void 0?t.precision:"highp",h=c(l);h!==l&&(Re("WebGLRenderer:",l,"not supported, using",h,"instead."),l=h);let u=t.reversedDepthBuffer===!0&&e.has("EXT_clip_control"),d=t.logarithmicDepthBuffer===!0&&u===!1;t.reversedDepthBuffer===!0&&u===!1&&Re("WebGLRenderer: Unable to use reversed depth buffer due to missing EXT_clip_control extension. Fallback to default depth buffer."),t.logarithmicDepthBuffer===!0&&u===!0&&Re("WebGLRenderer: Logarithmic depth buffer is ignored when reversed depth buffer is enabled.");let p=n.getParameter(n.MAX_TEXTURE_IMAGE_UNITS),g=n.getParameter(n.MAX_VERTEX_TEXTURE_IMAGE_UNITS),v=n.getParameter(n.MAX_TEXTURE_SIZE),f=n.getParameter(n.MAX_CUBE_MAP_TEXTURE_SIZE),m=n.getParameter(n.MAX_VERTEX_ATTRIBS),S=n.getParameter(n.MAX_VERTEX_UNIFORM_VECTORS),w=n.getParameter(n.MAX_VARYING_VECTORS),E=n.getParameter(n.MAX_FRAGMENT_UNIFORM_VECTORS),T=n.getParameter(n.MAX_SAMPLES),A=n.getParameter(n.SAMPLES);return{isWebGL2:!0,getMaxAnisotropy:r,getMaxPrecision:c,textureFormatReadable:o,textureTypeReadable:a,precision:l,logarithmicDepthBuffer:d,reversedDepthBuffer:u,maxTextures:p,maxVertexTextures:g,maxTextureSize:v,maxCubemapSize:f,maxAttributes:m,maxVertexUniforms:S,maxVaryings:w,maxFragmentUniforms:E,maxSamples:T,samples:A}}function ky(n){let e=this,t=null,i=0,s=!1,r=!1,o=new hn,a=new Ne,c={value:null,needsUpdate:!1};this.uniform=c,this.numPlanes=0,this.numIntersection=0,this.init=function(u,d){let p=u.length!==0||d||i!==0||s;return s=d,i=u.length,p},this.beginShadows=function(){r=!0,h(null)},this.endShadows=function(){r=!1},this.setGlobalState=function(u,d){t=h(u,d,0)},this.setState=function(u,d,p){let g=u.clippingPlanes,v=u.clipIntersection,f=u.clipShadows,m=n.get(u);if(!s||g===null||g.length===0||r&&!f)r?h(null):l();else{let S=r?0:i,w=S*4,E=m.clippingState||null;c.value=E,E=h(g,d,w,p);for(let T=0;T!==w;++T)E[T]=t[T];m.clippingState=E,this.numIntersection=v?this.numPlanes:0,this.numPlanes+=S}};function l(){c.value!==t&&(c.value=t,c.needsUpdate=i>0),e.numPlanes=i,e.numIntersection=0}function h(u,d,p,g){let v=u!==null?u.length:0,f=null;if(v!==0){if(f=c.value,g!==!0||f===null){let m=p+v*4,S=d.matrixWorldInverse;a.getNormalMatrix(S),(f===null||f.length<m)&&(f=new Float32Array(m));for(let w=0,E=p;w!==v;++w,E+=4)o.copy(u[w]).applyMatrix4(S,a),o.normal.toArray(f,E),f[E+3]=o.constant}c.value=f,c.needsUpdate=!0}return e.numPlanes=v,e.numIntersection=0,f}}var Tr=class extends Wt{constructor(e=1,t={}){super(e,e,t),this.isWebGLCubeRenderTarget=!0;let i={width:e,height:e,depth:1},s=[i,i,i,i,i,i];this.texture=new lr(s),this._setTextureOptions(t),this.texture.isRenderTargetTexture=!0}fromEquirectangularTexture(e,t){this.texture.type=t.type,this.texture.colorSpace=t.colorSpace,this.texture.generateMipmaps=t.generateMipmaps,this.texture.minFilter=t.minFilter,this.texture.magFilter=t.magFilter;let i={uniforms:{tEquirect:{value:null}},vertexShader:`

				varying vec3 vWorldDirection;

				vec3 transformDirection( in vec3 dir, in mat4 matrix ) {

					return normalize( ( matrix * vec4( dir, 0.0 ) ).xyz );

				}

				void main() {

					vWorldDirection = transformDirection( position, modelMatrix );

					#include <begin_vertex>
					#include <project_vertex>

				}
			`,fragmentShader:`

				uniform sampler2D tEquirect;

				varying vec3 vWorldDirection;

				#include <common>

				void main() {

					vec3 direction = normalize( vWorldDirection );

					vec2 sampleUV = equirectUv( direction );

					gl_FragColor = texture2D( tEquirect, sampleUV );

				}
			`},s=new zn(5,5,5),r=new Mn({name:"CubemapFromEquirect",uniforms:Pi(i.uniforms),vertexShader:i.vertexShader,fragmentShader:i.fragmentShader,side:Ft,blending:wi});r.uniforms.tEquirect.value=t;let o=new zt(s,r),a=t.minFilter;return t.minFilter===Vn&&(t.minFilter=Ut),new cs(1,10,this).update(e,o),t.minFilter=a,o.geometry.dispose(),o.material.dispose(),this}clear(e,t=!0,i=!0,s=!0){let r=e.getRenderTarget();for(let o=0;o<6;o++)e.setRenderTarget(this,o),e.clear(t,i,s);e.setRenderTarget(r)}},ip=256,zy=3,Vy=20,Tp=256,wp=16,Gy=3,Hy=new F,Wy=new Ve,dl=class n{constructor(e){this._renderer=e,this._cubeSize=0,this._sourceTarget=null,this._cubeCamera=new cs(1,10,null),this._boxMesh=new zt(new zn(5,5,5),null),this._cubemapMaterial=null,this._equirectMaterial=null,this._blurMaterial=null,this._ggxMaterial=null,this._integrationMaterial=null}fromScene(e,t=0,i=.1,s=100,r={}){let{size:o=256,position:a=Hy}=r,c=this._renderer;this._setSize(o);let l=this._allocateTarget(),h=this._getSourceTarget(!0);t>0&&(h.texture.mipmapsAutoUpdate=!1);let u=c.autoClear,d=c.autoClearColor,p=c.autoClearDepth,g=c.autoClearStencil,v=e.background;c.autoClear=!0,c.autoClearColor=!0,c.autoClearDepth=!0,c.autoClearStencil=!0,v===null&&(e.background=c.getClearColor(Wy));let f=new cs(i,s,h);return f.position.copy(a),f.update(c,e),c.autoClear=u,c.autoClearColor=d,c.autoClearDepth=p,c.autoClearStencil=g,e.background=v,t>0&&(h.texture.mipmapsAutoUpdate=!0,this._blur(l,t)),this._applyPMREM(l),l}fromEquirectangular(e,t=null){return this._fromTexture(e,t)}fromCubemap(e,t=null){return this._fromTexture(e,t)}compileCubemapShader(){this._cubemapMaterial===null&&(this._cubemapMaterial=op(),this._compileMaterial(this._cubemapMaterial))}compileEquirectangularShader(){this._equirectMaterial===null&&(this._equirectMaterial=rp(),this._compileMaterial(this._equirectMaterial))}dispose(){this._sourceTarget!==null&&this._sourceTarget.dispose(),this._cubemapMaterial!==null&&this._cubemapMaterial.dispose(),this._equirectMaterial!==null&&this._equirectMaterial.dispose(),this._blurMaterial!==null&&this._blurMaterial.dispose(),this._ggxMaterial!==null&&this._ggxMaterial.dispose(),this._integrationMaterial!==null&&this._integrationMaterial.dispose(),this._boxMesh.geometry.dispose()}static lodToRoughness(e,t){return t>0?1-Math.sqrt(1-e/t):0}_setSize(e){this._cubeSize=Math.max(ip,$f(e))}_fromTexture(e,t){e.mapping===Ii||e.mapping===ds?this._setSize(e.image.length===0?ip:e.image[0].width||e.image[0].image.width):this._setSize(e.image.width/4);let i=t||this._allocateTarget();return this._textureToCubemap(e),this._applyPMREM(i),i}_allocateTarget(){let e=this._cubeSize,t=sp(e,!1,!1),i=Math.log2(e)-zy;for(let s=0;s<=i;s++)t.texture.mipmaps.push({width:e>>s,height:e>>s});return t.texture.name="PMREM",t.texture.isPMREMTexture=!0,t}_getSourceTarget(e=!1){let t=this._cubeSize,i=this._sourceTarget;return(i===null||i.width!==t||e&&i.depthBuffer===!1)&&(i!==null&&i.dispose(),this._sourceTarget=sp(t,!0,e)),this._sourceTarget}_compileMaterial(e){this._boxMesh.material=e,this._renderer.compile(this._boxMesh,this._cubeCamera.children[0])}_renderCube(e,t,i){let s=this._boxMesh,r=this._cubeCamera;s.material=i,r.renderTarget=e,r.activeMipmapLevel=t;let o=e.width>>t;e.viewport.set(0,0,o,o),r.update(this._renderer,s),e.viewport.set(0,0,e.width,e.height)}_textureToCubemap(e){let t;e.mapping===Ii||e.mapping===ds?(this._cubemapMaterial===null&&(this._cubemapMaterial=op()),t=this._cubemapMaterial,t.uniforms.flipEnvMap.value=e.isRenderTargetTexture===!1?-1:1):(this._equirectMaterial===null&&(this._equirectMaterial=rp()),t=this._equirectMaterial),t.uniforms.envMap.value=e,this._renderCube(this._getSourceTarget(),0,t)}_applyPMREM(e){this._ggxMaterial===null&&(this._ggxMaterial=Xy(),this._integrationMaterial=Yy());let t=this._cubeSize,i=e.texture.mipmaps.length-1,s=this._ggxMaterial.uniforms;s.envMap.value=this._sourceTarget.texture;let r=this._integrationMaterial.uniforms;r.envMap.value=this._sourceTarget.texture,r.sourceLod.value=Math.log2(t/wp);for(let o=0;o<=i;o++){let a=n.lodToRoughness(o,i);if(o>i-Gy)r.roughness.value=a,this._renderCube(e,o,this._integrationMaterial);else{let c=a>0?Math.log2(t)+.5*Math.log2(6/(Tp*Math.pow(a,4)))+.5:0;s.roughness.value=a,s.lodBias.value=c,this._renderCube(e,o,this._ggxMaterial)}}}_blur(e,t){this._blurMaterial===null&&(this._blurMaterial=Ky());let i=this._blurMaterial,s=i.uniforms,r=this._sourceTarget;s.sigma.value=Math.min(t,Math.PI)/Math.SQRT2,s.envMap.value=r.texture,this._renderCube(e,0,i),s.envMap.value=e.texture,this._renderCube(r,0,i)}};function sp(n,e,t){return new Tr(n,{minFilter:Vn,generateMipmaps:e,type:dn,colorSpace:Ti,depthBuffer:t})}function wr(n,e,t){return new Mn({name:n,uniforms:e,vertexShader:Be.cube_vert,fragmentShader:t,side:Ft,blending:wi,depthTest:!1,depthWrite:!1})}function Xy(){return wr("PMREMGGXConvolution",{envMap:{value:null},roughness:{value:0},lodBias:{value:0}},`

		#define GGX_SAMPLES ${Tp}u

		varying vec3 vWorldDirection;

		uniform samplerCube envMap;
		uniform float roughness;
		uniform float lodBias;

		#include <common>

		// Van der Corput radical inverse
		float radicalInverse_VdC( uint bits ) {

			bits = ( bits << 16u ) | ( bits >> 16u );
			bits = ( ( bits & 0x55555555u ) << 1u ) | ( ( bits & 0xAAAAAAAAu ) >> 1u );
			bits = ( ( bits & 0x33333333u ) << 2u ) | ( ( bits & 0xCCCCCCCCu ) >> 2u );
			bits = ( ( bits & 0x0F0F0F0Fu ) << 4u ) | ( ( bits & 0xF0F0F0F0u ) >> 4u );
			bits = ( ( bits & 0x00FF00FFu ) << 8u ) | ( ( bits & 0xFF00FF00u ) >> 8u );
			return float( bits ) * 2.3283064365386963e-10; // / 0x100000000

		}

		// Hammersley sequence
		vec2 hammersley( uint i, uint N ) {

			return vec2( float( i ) / float( N ), radicalInverse_VdC( i ) );

		}

		void main() {

			vec3 N = normalize( vWorldDirection );

			// For very low roughness, just sample the environment directly
			if ( roughness < 0.001 ) {

				gl_FragColor = vec4( textureLod( envMap, N, 0.0 ).rgb, 1.0 );
				return;

			}

			float alpha = roughness * roughness;
			float alpha2 = alpha * alpha;

			// Tangent space basis for VNDF sampling
			vec3 up = abs( N.z ) < 0.999 ? vec3( 0.0, 0.0, 1.0 ) : vec3( 1.0, 0.0, 0.0 );
			vec3 tangent = normalize( cross( up, N ) );
			vec3 bitangent = cross( N, tangent );

			vec3 prefilteredColor = vec3( 0.0 );
			float totalWeight = 0.0;

			for ( uint i = 0u; i < GGX_SAMPLES; i ++ ) {

				vec2 Xi = hammersley( i, GGX_SAMPLES );

				// With V = N, sample the reflected direction directly.
				float invQ = 1.0 / ( 1.0 - Xi.x + alpha2 * Xi.x );
				float NdotL = ( 1.0 - Xi.x - alpha2 * Xi.x ) * invQ;

				if ( NdotL > 0.0 ) {

					float phi = 2.0 * PI * Xi.y;
					float sinTheta = 2.0 * alpha * sqrt( Xi.x * ( 1.0 - Xi.x ) ) * invQ;
					vec3 L = N * NdotL + ( tangent * cos( phi ) + bitangent * sin( phi ) ) * sinTheta;

					// Match the source mip to the sample's solid angle. The terms
					// independent of the sample are precomputed in lodBias.
					float d = alpha2 * invQ;
					float lod = max( log2( d ) + lodBias, 0.0 );

					// Weight by NdotL for the split-sum approximation
					prefilteredColor += textureLod( envMap, L, lod ).rgb * NdotL;
					totalWeight += NdotL;

				}

			}

			gl_FragColor = vec4( prefilteredColor / totalWeight, 1.0 );

		}
	`)}function Yy(){return wr("PMREMGGXIntegration",{envMap:{value:null},roughness:{value:0},sourceLod:{value:0},sourceSize:{value:wp}},`

		varying vec3 vWorldDirection;

		uniform samplerCube envMap;
		uniform float roughness;
		uniform float sourceLod;
		uniform int sourceSize;

		void main() {

			vec3 N = normalize( vWorldDirection );

			float alpha = roughness * roughness;
			float alpha2 = alpha * alpha;

			float texelSize = 2.0 / float( sourceSize );

			vec3 prefilteredColor = vec3( 0.0 );
			float totalWeight = 0.0;

			// Pair opposite texels: only the one in N's hemisphere contributes.
			for ( int face = 0; face < 3; face ++ ) {

				for ( int y = 0; y < sourceSize; y ++ ) {

					for ( int x = 0; x < sourceSize; x ++ ) {

						vec2 uv = ( vec2( x, y ) + 0.5 ) * texelSize - 1.0;
						vec3 texelDirection = face == 0 ? vec3( 1.0, uv ) : ( face == 1 ? vec3( uv.x, 1.0, uv.y ) : vec3( uv, 1.0 ) );

						float invDistance = inversesqrt( 1.0 + dot( uv, uv ) );
						float NdotL = dot( N, texelDirection );
						texelDirection *= NdotL < 0.0 ? - 1.0 : 1.0;
						NdotL = abs( NdotL ) * invDistance;

						// With V = N, NdotH squared is ( 1 + NdotL ) / 2. Common factors
						// in the GGX distribution and texel solid angle cancel when normalized.
						float d = 1.0 + alpha2 + ( alpha2 - 1.0 ) * NdotL;
						float weight = NdotL * invDistance * invDistance * invDistance / ( d * d );

						prefilteredColor += textureLod( envMap, texelDirection, sourceLod ).rgb * weight;
						totalWeight += weight;

					}

				}

			}

			gl_FragColor = vec4( prefilteredColor / totalWeight, 1.0 );

		}
	`)}function Ky(){return wr("PMREMSphericalGaussianBlur",{envMap:{value:null},sigma:{value:0}},`

		#define SAMPLES ${Vy}
		#define GOLDEN_ANGLE 2.39996322973

		varying vec3 vWorldDirection;

		uniform samplerCube envMap;
		uniform float sigma;

		#include <common>

		void main() {

			vec3 outputDirection = normalize( vWorldDirection );

			vec3 up = abs( outputDirection.z ) < 0.999 ? vec3( 0.0, 0.0, 1.0 ) : vec3( 1.0, 0.0, 0.0 );
			vec3 tangent = normalize( cross( up, outputDirection ) );
			vec3 bitangent = cross( outputDirection, tangent );

			// Truncate the kernel at three standard deviations or at the antipode.
			float thetaMax = min( 3.0 * sigma, PI );
			float truncation = 1.0 - exp( - 0.5 * thetaMax * thetaMax / ( sigma * sigma ) );

			vec3 accumColor = vec3( 0.0 );
			float accumWeight = 0.0;

			for ( int i = 0; i < SAMPLES; i ++ ) {

				// Stratified inverse-CDF sampling of the Gaussian, placed on a golden-angle spiral.
				float stratum = ( float( i ) + 0.5 ) / float( SAMPLES );
				float theta = sigma * sqrt( - 2.0 * log( 1.0 - stratum * truncation ) );
				float phi = float( i ) * GOLDEN_ANGLE;

				vec3 offset = cos( phi ) * tangent + sin( phi ) * bitangent;
				vec3 sampleDirection = cos( theta ) * outputDirection + sin( theta ) * offset;

				// Correct the planar sample density to solid angle.
				float weight = sin( theta ) / theta;

				accumColor += weight * textureLod( envMap, sampleDirection, 0.0 ).rgb;
				accumWeight += weight;

			}

			gl_FragColor = vec4( accumColor / accumWeight, 1.0 );

		}
	`)}function rp(){return wr("PMREMEquirectangularToCubemap",{envMap:{value:null}},`

		varying vec3 vWorldDirection;

		uniform sampler2D envMap;

		#include <common>

		void main() {

			// Average four subpixel samples to preserve small, bright features.
			vec3 direction = normalize( vWorldDirection );
			vec3 dx = dFdx( direction ) * 0.25;
			vec3 dy = dFdy( direction ) * 0.25;

			vec3 color = textureLod( envMap, equirectUv( normalize( direction - dx - dy ) ), 0.0 ).rgb;
			color += textureLod( envMap, equirectUv( normalize( direction + dx - dy ) ), 0.0 ).rgb;
			color += textureLod( envMap, equirectUv( normalize( direction - dx + dy ) ), 0.0 ).rgb;
			color += textureLod( envMap, equirectUv( normalize( direction + dx + dy ) ), 0.0 ).rgb;
			gl_FragColor = vec4( color * 0.25, 1.0 );

		}
	`)}function op(){return wr("PMREMCubemapToCubemap",{envMap:{value:null},flipEnvMap:{value:-1}},`

		varying vec3 vWorldDirection;

		uniform samplerCube envMap;
		uniform float flipEnvMap;

		void main() {

			gl_FragColor = vec4( textureCube( envMap, vec3( flipEnvMap * vWorldDirection.x, vWorldDirection.yz ) ).rgb, 1.0 );

		}
	`)}function qy(n){let e=new WeakMap,t=new WeakMap,i=null;function s(d,p=!1){return d==null?null:p?o(d):r(d)}function r(d){if(d&&d.isTexture){let p=d.mapping;if(p===ba||p===Ma)if(e.has(d)){let g=e.get(d).texture;return a(g,d.mapping)}else{let g=d.image;if(g&&g.height>0){let v=new Tr(g.height);return v.fromEquirectangularTexture(n,d),e.set(d,v),d.addEventListener("dispose",l),a(v.texture,d.mapping)}else return null}}return d}function o(d){if(d&&d.isTexture&&d.isPMREMTexture!==!0){let p=d.mapping,g=p===ba||p===Ma,v=p===Ii||p===ds;if(g||v){let f=t.get(d),m=f!==void 0?f.texture.pmremVersion:0;if(d.isRenderTargetTexture&&d.pmremVersion!==m)return i===null&&(i=new dl(n)),f=g?i.fromEquirectangular(d,f):i.fromCubemap(d,f),f.texture.pmremVersion=d.pmremVersion,t.set(d,f),f.texture;if(f!==void 0)return f.texture;{let S=d.image;return g&&S&&S.height>0||v&&S&&c(S)?(i===null&&(i=new dl(n)),f=g?i.fromEquirectangular(d):i.fromCubemap(d),f.texture.pmremVersion=d.pmremVersion,t.set(d,f),d.addEventListener("dispose",h),f.texture):null}}}return d}function a(d,p){return p===ba?d.mapping=Ii:p===Ma&&(d.mapping=ds),d}function c(d){let p=0,g=6;for(let v=0;v<g;v++)d[v]!==void 0&&p++;return p===g}function l(d){let p=d.target;p.removeEventListener("dispose",l);let g=e.get(p);g!==void 0&&(e.delete(p),g.dispose())}function h(d){let p=d.target;p.removeEventListener("dispose",h);let g=t.get(p);g!==void 0&&(t.delete(p),g.dispose())}function u(){e=new WeakMap,t=new WeakMap,i!==null&&(i.dispose(),i=null)}return{get:s,dispose:u}}function $y(n){let e={};function t(i){if(e[i]!==void 0)return e[i];let s=n.getExtension(i);return e[i]=s,s}return{has:function(i){return t(i)!==null},init:function(){t("EXT_color_buffer_float"),t("WEBGL_clip_cull_distance"),t("OES_texture_float_linear"),t("EXT_color_buffer_half_float"),t("WEBGL_multisampled_render_to_texture"),t("WEBGL_render_shared_exponent")},get:function(i){let s=t(i);return s===null&&Ws("WebGLRenderer: "+i+" extension not supported."),s}}}function Zy(n,e,t,i){let s={},r=new WeakMap,o=new FinalizationRegistry(g=>delete s[g]);function a(g){c(g.target)}function c(g){g.index!==null&&e.remove(g.index);for(let f in g.attributes)e.remove(g.attributes[f]);g.removeEventListener("dispose",a),delete s[g.id],o.unregister(g);let v=r.get(g);v&&(e.remove(v),r.delete(g)),i.releaseStatesOfGeometry(g),g.isInstancedBufferGeometry===!0&&delete g._maxInstanceCount,t.memory.geometries--}function l(g,v){return s[v.id]!==void 0||(v.addEventListener("dispose",a),s[v.id]=new WeakRef(v),o.register(v,v.id,v),t.memory.geometries++),v}function h(g){let v=g.attributes;for(let f in v)e.update(v[f],n.ARRAY_BUFFER)}function u(g){let v=g.index,f=g.attributes.position,m=0;if(f===void 0)return;let S=v!==null?v.array.length:f.array.length/3-1,w=f.count>=65535?tr:er,E=new w(Math.ceil(S/3)*6,1),T=E.array;if(v!==null){let _=v.array;m=v.version;for(let M=0,B=0;M<S;M+=3){let N=_[M+0],L=_[M+1],z=_[M+2];T[B++]=N,T[B++]=L,T[B++]=L,T[B++]=z,T[B++]=z,T[B++]=N}}else{m=f.version;for(let _=0,M=0;_<S;_+=3){let B=_+0,N=_+1,L=_+2;T[M++]=B,T[M++]=N,T[M++]=N,T[M++]=L,T[M++]=L,T[M++]=B}}E.version=m;let A=r.get(g);A&&e.remove(A),r.set(g,E)}function d(g){let v=r.get(g);if(v){let f=g.index;f!==null&&v.version<f.version&&u(g)}else u(g);return r.get(g)}function p(){for(let g in s){let v=s[g].deref();v!==void 0&&c(v)}}return{get:l,update:h,getWireframeAttribute:d,dispose:p}}function Jy(n,e,t){let i;function s(u){i=u}let r,o;function a(u){r=u.type,o=u.bytesPerElement}function c(u,d){n.drawElements(i,d,r,u*o),t.update(d,i,1)}function l(u,d,p){p!==0&&(n.drawElementsInstanced(i,d,r,u*o,p),t.update(d,i,p))}function h(u,d,p){if(p===0)return;e.get("WEBGL_multi_draw").multiDrawElementsWEBGL(i,d,0,r,u,0,p);let v=0;for(let f=0;f<p;f++)v+=d[f];t.update(v,i,1)}this.setMode=s,this.setIndex=a,this.render=c,this.renderInstances=l,this.renderMultiDraw=h}function Qy(n){let e={geometries:0,textures:0},t={frame:0,calls:0,triangles:0,points:0,lines:0};function i(r,o,a){switch(t.calls++,o){case n.TRIANGLES:t.triangles+=a*(r/3);break;case n.LINES:t.lines+=a*(r/2);break;case n.LINE_STRIP:t.lines+=a*(r-1);break;case n.LINE_LOOP:t.lines+=a*r;break;case n.POINTS:t.points+=a*r;break;default:Ce("WebGLInfo: Unknown draw mode:",o);break}}function s(){t.calls=0,t.triangles=0,t.points=0,t.lines=0}return{memory:e,render:t,programs:null,autoReset:!0,reset:s,update:i}}function jy(n,e,t){let i=new WeakMap,s=new at;function r(o,a,c){let l=o.morphTargetInfluences,h=a.morphAttributes.position||a.morphAttributes.normal||a.morphAttributes.color,u=h!==void 0?h.length:0,d=i.get(a);if(d===void 0||d.count!==u){let B=function(){_.dispose(),i.delete(a),a.removeEventListener("dispose",B)};d!==void 0&&d.texture.dispose();let p=a.morphAttributes.position!==void 0,g=a.morphAttributes.normal!==void 0,v=a.morphAttributes.color!==void 0,f=a.morphAttributes.position||[],m=a.morphAttributes.normal||[],S=a.morphAttributes.color||[],w=0;p===!0&&(w=1),g===!0&&(w=2),v===!0&&(w=3);let E=a.attributes.position.count*w,T=1;E>e.maxTextureSize&&(T=Math.ceil(E/e.maxTextureSize),E=e.maxTextureSize);let A=new Float32Array(E*T*4*u),_=new Zs(A,E,T,u);_.type=sn,_.needsUpdate=!0;let M=w*4;for(let N=0;N<u;N++){let L=f[N],z=m[N],Y=S[N],C=E*T*4*N;for(let W=0;W<L.count;W++){let Z=W*M;p===!0&&(s.fromBufferAttribute(L,W),A[C+Z+0]=s.x,A[C+Z+1]=s.y,A[C+Z+2]=s.z,A[C+Z+3]=0),g===!0&&(s.fromBufferAttribute(z,W),A[C+Z+4]=s.x,A[C+Z+5]=s.y,A[C+Z+6]=s.z,A[C+Z+7]=0),v===!0&&(s.fromBufferAttribute(Y,W),A[C+Z+8]=s.x,A[C+Z+9]=s.y,A[C+Z+10]=s.z,A[C+Z+11]=Y.itemSize===4?s.w:1)}}d={count:u,texture:_,size:new ke(E,T)},i.set(a,d),a.addEventListener("dispose",B)}if(o.isInstancedMesh===!0&&o.morphTexture!==null)c.getUniforms().setValue(n,"morphTexture",o.morphTexture,t);else{let p=0;for(let v=0;v<l.length;v++)p+=l[v];let g=a.morphTargetsRelative?1:1-p;c.getUniforms().setValue(n,"morphTargetBaseInfluence",g),c.getUniforms().setValue(n,"morphTargetInfluences",l)}c.getUniforms().setValue(n,"morphTargetsTexture",d.texture,t),c.getUniforms().setValue(n,"morphTargetsTextureSize",d.size)}return{update:r}}function ev(n,e,t,i,s){let r=new WeakMap;function o(l){let h=s.render.frame,u=l.geometry,d=e.get(l,u);if(r.get(d)!==h&&(e.update(d),r.set(d,h)),l.isInstancedMesh&&(l.hasEventListener("dispose",c)===!1&&l.addEventListener("dispose",c),r.get(l)!==h&&(t.update(l.instanceMatrix,n.ARRAY_BUFFER),l.instanceColor!==null&&t.update(l.instanceColor,n.ARRAY_BUFFER),r.set(l,h))),l.isSkinnedMesh){let p=l.skeleton;r.get(p)!==h&&(p.update(),r.set(p,h))}return d}function a(){r=new WeakMap}function c(l){let h=l.target;h.removeEventListener("dispose",c),i.releaseStatesOfObject(h),t.remove(h.instanceMatrix),h.instanceColor!==null&&t.remove(h.instanceColor)}return{update:o,dispose:a}}var tv={[Hc]:"LINEAR_TONE_MAPPING",[Wc]:"REINHARD_TONE_MAPPING",[Xc]:"CINEON_TONE_MAPPING",[Yc]:"ACES_FILMIC_TONE_MAPPING",[qc]:"AGX_TONE_MAPPING",[$c]:"NEUTRAL_TONE_MAPPING",[Kc]:"CUSTOM_TONE_MAPPING"};function nv(n,e,t,i,s,r){let o=new Wt(e,t,{type:n,depthBuffer:s,stencilBuffer:r,samples:i?4:0,storeMultisampledDepthBuffer:!1,storeMultisampledStencilBuffer:!1,resolveDepthBuffer:!1,resolveStencilBuffer:!1}),a=null,c=null,l=null,h=new Xt;h.setAttribute("position",new Dt([-1,3,0,-1,-1,0,3,-1,0],3)),h.setAttribute("uv",new Dt([0,2,0,0,2,0],2));let u=new aa({uniforms:{tDiffuse:{value:null}},vertexShader:`
			precision highp float;

			uniform mat4 modelViewMatrix;
			uniform mat4 projectionMatrix;

			attribute vec3 position;
			attribute vec2 uv;

			varying vec2 vUv;

			void main() {
				vUv = uv;
				gl_Position = projectionMatrix * modelViewMatrix * vec4( position, 1.0 );
			}`,fragmentShader:`
			precision highp float;

			uniform sampler2D tDiffuse;

			varying vec2 vUv;

			#include <tonemapping_pars_fragment>
			#include <colorspace_pars_fragment>

			void main() {
				gl_FragColor = texture2D( tDiffuse, vUv );

				#ifdef LINEAR_TONE_MAPPING
					gl_FragColor.rgb = LinearToneMapping( gl_FragColor.rgb );
				#elif defined( REINHARD_TONE_MAPPING )
					gl_FragColor.rgb = ReinhardToneMapping( gl_FragColor.rgb );
				#elif defined( CINEON_TONE_MAPPING )
					gl_FragColor.rgb = CineonToneMapping( gl_FragColor.rgb );
				#elif defined( ACES_FILMIC_TONE_MAPPING )
					gl_FragColor.rgb = ACESFilmicToneMapping( gl_FragColor.rgb );
				#elif defined( AGX_TONE_MAPPING )
					gl_FragColor.rgb = AgXToneMapping( gl_FragColor.rgb );
				#elif defined( NEUTRAL_TONE_MAPPING )
					gl_FragColor.rgb = NeutralToneMapping( gl_FragColor.rgb );
				#elif defined( CUSTOM_TONE_MAPPING )
					gl_FragColor.rgb = CustomToneMapping( gl_FragColor.rgb );
				#endif

				#ifdef SRGB_TRANSFER
					gl_FragColor = sRGBTransferOETF( gl_FragColor );
				#endif
			}`,depthTest:!1,depthWrite:!1}),d=new zt(h,u),p=new va(-1,1,1,-1,0,1),g=null,v=null,f=!1,m,S=null,w=[],E=!1;this.setSize=function(T,A){o.setSize(T,A),a!==null&&a.setSize(T,A),c!==null&&c.setSize(T,A);for(let _=0;_<w.length;_++){let M=w[_];M.setSize&&M.setSize(T,A)}},this.setEffects=function(T){w=T,E=w.length>0&&w[0].isRenderPass===!0;let A=o.width,_=o.height;w.length>0&&a===null&&(a=new Wt(A,_,{type:dn,depthBuffer:!1,stencilBuffer:!1}),c=new Wt(A,_,{type:dn,depthBuffer:!1,stencilBuffer:!1}));let M=s===!0&&w.some(B=>B.needsDepthTexture===!0);M!==(o.depthTexture!==null)&&(M===!0&&l===null&&(l=new kn(A,_),r===!0&&(l.format=Gn,l.type=Ci)),o.dispose(),o.depthTexture=M?l:null,o.resolveDepthBuffer=M,o.storeMultisampledDepthBuffer=M);for(let B=0;B<w.length;B++){let N=w[B];N.setSize&&N.setSize(A,_),M&&N.needsDepthTexture===!0&&N.setDepthTexture&&N.setDepthTexture(l)}},this.begin=function(T,A){if(f||T.toneMapping===An&&w.length===0)return!1;if(S=A,A!==null){let _=A.width,M=A.height;(o.width!==_||o.height!==M)&&this.setSize(_,M)}return E===!1&&T.setRenderTarget(o),m=T.toneMapping,T.toneMapping=An,!0},this.hasRenderPass=function(){return E},this.end=function(T,A){T.toneMapping=m,f=!0;let _=o,M=a;for(let B=0;B<w.length;B++){let N=w[B];N.enabled!==!1&&(N.render(T,M,_,A),N.needsSwap!==!1&&(_=M,M=M===a?c:a))}if(g!==T.outputColorSpace||v!==T.toneMapping){g=T.outputColorSpace,v=T.toneMapping,u.defines={},ze.getTransfer(g)===qe&&(u.defines.SRGB_TRANSFER="");let B=tv[v];B&&(u.defines[B]=""),u.needsUpdate=!0}u.uniforms.tDiffuse.value=_.texture,T.setRenderTarget(S),T.render(d,p),S=null,f=!1},this.isCompositing=function(){return f},this.dispose=function(){o.dispose(),a!==null&&a.dispose(),c!==null&&c.dispose(),h.dispose(),u.dispose()}}var Rp=new Ot,Ip=new kn(1,1),Cp=new hr(1),Np=new Zs,Pp=new ta,Lp=new lr,ap=[],lp=[],cp=new Float32Array(16),hp=new Float32Array(9),up=new Float32Array(4);function ms(n,e,t){let i=n[0];if(i<=0||i>0)return n;let s=e*t,r=ap[s];if(r===void 0&&(r=new Float32Array(s),ap[s]=r),e!==0){i.toArray(r,0);for(let o=1,a=0;o!==e;++o)a+=t,n[o].toArray(r,a)}return r}function mt(n,e){if(n.length!==e.length)return!1;for(let t=0,i=n.length;t<i;t++)if(n[t]!==e[t])return!1;return!0}function gt(n,e){for(let t=0,i=e.length;t<i;t++)n[t]=e[t]}function pl(n,e){let t=lp[e];t===void 0&&(t=new Int32Array(e),lp[e]=t);for(let i=0;i!==e;++i)t[i]=n.allocateTextureUnit();return t}function iv(n,e){let t=this.cache;t[0]!==e&&(n.uniform1f(this.addr,e),t[0]=e)}function sv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y)&&(n.uniform2f(this.addr,e.x,e.y),t[0]=e.x,t[1]=e.y);else{if(mt(t,e))return;n.uniform2fv(this.addr,e),gt(t,e)}}function rv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z)&&(n.uniform3f(this.addr,e.x,e.y,e.z),t[0]=e.x,t[1]=e.y,t[2]=e.z);else if(e.r!==void 0)(t[0]!==e.r||t[1]!==e.g||t[2]!==e.b)&&(n.uniform3f(this.addr,e.r,e.g,e.b),t[0]=e.r,t[1]=e.g,t[2]=e.b);else{if(mt(t,e))return;n.uniform3fv(this.addr,e),gt(t,e)}}function ov(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z||t[3]!==e.w)&&(n.uniform4f(this.addr,e.x,e.y,e.z,e.w),t[0]=e.x,t[1]=e.y,t[2]=e.z,t[3]=e.w);else{if(mt(t,e))return;n.uniform4fv(this.addr,e),gt(t,e)}}function av(n,e){let t=this.cache,i=e.elements;if(i===void 0){if(mt(t,e))return;n.uniformMatrix2fv(this.addr,!1,e),gt(t,e)}else{if(mt(t,i))return;up.set(i),n.uniformMatrix2fv(this.addr,!1,up),gt(t,i)}}function lv(n,e){let t=this.cache,i=e.elements;if(i===void 0){if(mt(t,e))return;n.uniformMatrix3fv(this.addr,!1,e),gt(t,e)}else{if(mt(t,i))return;hp.set(i),n.uniformMatrix3fv(this.addr,!1,hp),gt(t,i)}}function cv(n,e){let t=this.cache,i=e.elements;if(i===void 0){if(mt(t,e))return;n.uniformMatrix4fv(this.addr,!1,e),gt(t,e)}else{if(mt(t,i))return;cp.set(i),n.uniformMatrix4fv(this.addr,!1,cp),gt(t,i)}}function hv(n,e){let t=this.cache;t[0]!==e&&(n.uniform1i(this.addr,e),t[0]=e)}function uv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y)&&(n.uniform2i(this.addr,e.x,e.y),t[0]=e.x,t[1]=e.y);else{if(mt(t,e))return;n.uniform2iv(this.addr,e),gt(t,e)}}function dv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z)&&(n.uniform3i(this.addr,e.x,e.y,e.z),t[0]=e.x,t[1]=e.y,t[2]=e.z);else{if(mt(t,e))return;n.uniform3iv(this.addr,e),gt(t,e)}}function fv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z||t[3]!==e.w)&&(n.uniform4i(this.addr,e.x,e.y,e.z,e.w),t[0]=e.x,t[1]=e.y,t[2]=e.z,t[3]=e.w);else{if(mt(t,e))return;n.uniform4iv(this.addr,e),gt(t,e)}}function pv(n,e){let t=this.cache;t[0]!==e&&(n.uniform1ui(this.addr,e),t[0]=e)}function mv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y)&&(n.uniform2ui(this.addr,e.x,e.y),t[0]=e.x,t[1]=e.y);else{if(mt(t,e))return;n.uniform2uiv(this.addr,e),gt(t,e)}}function gv(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z)&&(n.uniform3ui(this.addr,e.x,e.y,e.z),t[0]=e.x,t[1]=e.y,t[2]=e.z);else{if(mt(t,e))return;n.uniform3uiv(this.addr,e),gt(t,e)}}function _v(n,e){let t=this.cache;if(e.x!==void 0)(t[0]!==e.x||t[1]!==e.y||t[2]!==e.z||t[3]!==e.w)&&(n.uniform4ui(this.addr,e.x,e.y,e.z,e.w),t[0]=e.x,t[1]=e.y,t[2]=e.z,t[3]=e.w);else{if(mt(t,e))return;n.uniform4uiv(this.addr,e),gt(t,e)}}function ml(n){return n.version===0&&(n.compareFunction=oh,n.needsUpdate=!0),n}function xv(n,e,t){let i=this.cache,s=t.allocateTextureUnit();i[0]!==s&&(n.uniform1i(this.addr,s),i[0]=s);let r;this.type===n.SAMPLER_2D_SHADOW?r=ml(Ip):r=Rp,t.setTexture2D(e||r,s)}function yv(n,e,t){let i=this.cache,s=t.allocateTextureUnit();i[0]!==s&&(n.uniform1i(this.addr,s),i[0]=s),t.setTexture3D(e||Pp,s)}function vv(n,e,t){let i=this.cache,s=t.allocateTextureUnit();i[0]!==s&&(n.uniform1i(this.addr,s),i[0]=s);let r;this.type===n.SAMPLER_CUBE_SHADOW?r=ml(Cp):r=Lp,t.setTextureCube(e||r,s)}function Sv(n,e,t){let i=this.cache,s=t.allocateTextureUnit();i[0]!==s&&(n.uniform1i(this.addr,s),i[0]=s),t.setTexture2DArray(e||Np,s)}function bv(n){switch(n){case 5126:return iv;case 35664:return sv;case 35665:return rv;case 35666:return ov;case 35674:return av;case 35675:return lv;case 35676:return cv;case 5124:case 35670:return hv;case 35667:case 35671:return uv;case 35668:case 35672:return dv;case 35669:case 35673:return fv;case 5125:return pv;case 36294:return mv;case 36295:return gv;case 36296:return _v;case 35678:case 36198:case 36298:case 36306:case 35682:return xv;case 35679:case 36299:case 36307:return yv;case 35680:case 36300:case 36308:case 36293:return vv;case 36289:case 36303:case 36311:case 36292:return Sv}}function Mv(n,e){n.uniform1fv(this.addr,e)}function Ev(n,e){let t=ms(e,this.size,2);n.uniform2fv(this.addr,t)}function Av(n,e){let t=ms(e,this.size,3);n.uniform3fv(this.addr,t)}function Tv(n,e){let t=ms(e,this.size,4);n.uniform4fv(this.addr,t)}function wv(n,e){let t=ms(e,this.size,4);n.uniformMatrix2fv(this.addr,!1,t)}function Rv(n,e){let t=ms(e,this.size,9);n.uniformMatrix3fv(this.addr,!1,t)}function Iv(n,e){let t=ms(e,this.size,16);n.uniformMatrix4fv(this.addr,!1,t)}function Cv(n,e){n.uniform1iv(this.addr,e)}function Nv(n,e){n.uniform2iv(this.addr,e)}function Pv(n,e){n.uniform3iv(this.addr,e)}function Lv(n,e){n.uniform4iv(this.addr,e)}function Dv(n,e){n.uniform1uiv(this.addr,e)}function Uv(n,e){n.uniform2uiv(this.addr,e)}function Ov(n,e){n.uniform3uiv(this.addr,e)}function Fv(n,e){n.uniform4uiv(this.addr,e)}function Bv(n,e,t){let i=this.cache,s=e.length,r=pl(t,s);mt(i,r)||(n.uniform1iv(this.addr,r),gt(i,r));let o;this.type===n.SAMPLER_2D_SHADOW?o=ml(Ip):o=Rp;for(let a=0;a!==s;++a)t.setTexture2D(e[a]||o,r[a])}function kv(n,e,t){let i=this.cache,s=e.length,r=pl(t,s);mt(i,r)||(n.uniform1iv(this.addr,r),gt(i,r));for(let o=0;o!==s;++o)t.setTexture3D(e[o]||Pp,r[o])}function zv(n,e,t){let i=this.cache,s=e.length,r=pl(t,s);mt(i,r)||(n.uniform1iv(this.addr,r),gt(i,r));let o;this.type===n.SAMPLER_CUBE_SHADOW?o=ml(Cp):o=Lp;for(let a=0;a!==s;++a)t.setTextureCube(e[a]||o,r[a])}function Vv(n,e,t){let i=this.cache,s=e.length,r=pl(t,s);mt(i,r)||(n.uniform1iv(this.addr,r),gt(i,r));for(let o=0;o!==s;++o)t.setTexture2DArray(e[o]||Np,r[o])}function Gv(n){switch(n){case 5126:return Mv;case 35664:return Ev;case 35665:return Av;case 35666:return Tv;case 35674:return wv;case 35675:return Rv;case 35676:return Iv;case 5124:case 35670:return Cv;case 35667:case 35671:return Nv;case 35668:case 35672:return Pv;case 35669:case 35673:return Lv;case 5125:return Dv;case 36294:return Uv;case 36295:return Ov;case 36296:return Fv;case 35678:case 36198:case 36298:case 36306:case 35682:return Bv;case 35679:case 36299:case 36307:return kv;case 35680:case 36300:case 36308:case 36293:return zv;case 36289:case 36303:case 36311:case 36292:return Vv}}var mh=class{constructor(e,t,i){this.id=e,this.addr=i,this.cache=[],this.type=t.type,this.setValue=bv(t.type)}},gh=class{constructor(e,t,i){this.id=e,this.addr=i,this.cache=[],this.type=t.type,this.size=t.size,this.setValue=Gv(t.type)}},_h=class{constructor(e){this.id=e,this.seq=[],this.map={}}setValue(e,t,i){let s=this.seq;for(let r=0,o=s.length;r!==o;++r){let a=s[r];a.setValue(e,t[a.id],i)}}},fh=/(\w+)(\])?(\[|\.)?/g;function dp(n,e){n.seq.push(e),n.map[e.id]=e}function Hv(n,e,t){let i=n.name,s=i.length;for(fh.lastIndex=0;;){let r=fh.exec(i),o=fh.lastIndex,a=r[1],c=r[2]==="]",l=r[3];if(c&&(a=a|0),l===void 0||l==="["&&o+2===s){dp(t,l===void 0?new mh(a,n,e):new gh(a,n,e));break}else{let u=t.map[a];u===void 0&&(u=new _h(a),dp(t,u)),t=u}}}var ps=class{constructor(e,t){this.seq=[],this.map={};let i=e.getProgramParameter(t,e.ACTIVE_UNIFORMS);for(let o=0;o<i;++o){let a=e.getActiveUniform(t,o),c=e.getUniformLocation(t,a.name);Hv(a,c,this)}let s=[],r=[];for(let o of this.seq)o.type===e.SAMPLER_2D_SHADOW||o.type===e.SAMPLER_CUBE_SHADOW||o.type===e.SAMPLER_2D_ARRAY_SHADOW?s.push(o):r.push(o);s.length>0&&(this.seq=s.concat(r))}setValue(e,t,i,s){let r=this.map[t];r!==void 0&&r.setValue(e,i,s)}setOptional(e,t,i){let s=t[i];s!==void 0&&this.setValue(e,i,s)}static upload(e,t,i,s){for(let r=0,o=t.length;r!==o;++r){let a=t[r],c=i[a.id];c.needsUpdate!==!1&&a.setValue(e,c.value,s)}}static seqWithValue(e,t){let i=[];for(let s=0,r=e.length;s!==r;++s){let o=e[s];o.id in t&&i.push(o)}return i}};function fp(n,e,t){let i=n.createShader(e);return n.shaderSource(i,t),n.compileShader(i),i}var Wv=37297,Xv=0;function Yv(n,e){let t=n.split(`
`),i=[],s=Math.max(e-6,0),r=Math.min(e+6,t.length);for(let o=s;o<r;o++){let a=o+1;i.push(`${a===e?">":" "} ${a}: ${t[o]}`)}return i.join(`
`)}var pp=new Ne;function Kv(n){ze._getMatrix(pp,ze.workingColorSpace,n);let e=`mat3( ${pp.elements.map(t=>t.toFixed(4))} )`;switch(ze.getTransfer(n)){case Ys:return[e,"LinearTransferOETF"];case qe:return[e,"sRGBTransferOETF"];default:return Re("WebGLProgram: Unsupported color space: ",n),[e,"LinearTransferOETF"]}}function mp(n,e,t){let i=n.getShaderParameter(e,n.COMPILE_STATUS),r=(n.getShaderInfoLog(e)||"").trim();if(i&&r==="")return"";let o=/ERROR: 0:(\d+)/.exec(r);if(o){let a=parseInt(o[1]);return t.toUpperCase()+`

`+r+`

`+Yv(n.getShaderSource(e),a)}else return r}function qv(n,e){let t=Kv(e);return[`vec4 ${n}( vec4 value ) {`,`	return ${t[1]}( vec4( ${t[0]} * value.rgb, value.a ) );`,"}"].join(`
`)}var $v={[Hc]:"Linear",[Wc]:"Reinhard",[Xc]:"Cineon",[Yc]:"ACESFilmic",[qc]:"AgX",[$c]:"Neutral",[Kc]:"Custom"};function Zv(n,e){let t=$v[e];return t===void 0?(Re("WebGLProgram: Unsupported toneMapping:",e),"vec3 "+n+"( vec3 color ) { return LinearToneMapping( color ); }"):"vec3 "+n+"( vec3 color ) { return "+t+"ToneMapping( color ); }"}var ul=new F;function Jv(){ze.getLuminanceCoefficients(ul);let n=ul.x.toFixed(4),e=ul.y.toFixed(4),t=ul.z.toFixed(4);return["float luminance( const in vec3 rgb ) {",`	const vec3 weights = vec3( ${n}, ${e}, ${t} );`,"	return dot( weights, rgb );","}"].join(`
`)}function Qv(n){return[n.extensionClipCullDistance?"#extension GL_ANGLE_clip_cull_distance : require":"",n.extensionMultiDraw?"#extension GL_ANGLE_multi_draw : require":""].filter(Ar).join(`
`)}function jv(n){let e=[];for(let t in n){let i=n[t];i!==!1&&e.push("#define "+t+" "+i)}return e.join(`
`)}function eS(n,e){let t={},i=n.getProgramParameter(e,n.ACTIVE_ATTRIBUTES);for(let s=0;s<i;s++){let r=n.getActiveAttrib(e,s),o=r.name,a=1;r.type===n.FLOAT_MAT2&&(a=2),r.type===n.FLOAT_MAT3&&(a=3),r.type===n.FLOAT_MAT4&&(a=4),t[o]={type:r.type,location:n.getAttribLocation(e,o),locationSize:a}}return t}function Ar(n){return n!==""}function gp(n,e){let t=e.numSpotLightShadows+e.numSpotLightMaps-e.numSpotLightShadowsWithMaps;return n.replace(/NUM_SUN_LIGHTS/g,e.numSunLights).replace(/NUM_DIR_LIGHTS/g,e.numDirLights).replace(/NUM_SPOT_LIGHTS/g,e.numSpotLights).replace(/NUM_SPOT_LIGHT_MAPS/g,e.numSpotLightMaps).replace(/NUM_SPOT_LIGHT_COORDS/g,t).replace(/NUM_RECT_AREA_LIGHTS/g,e.numRectAreaLights).replace(/NUM_POINT_LIGHTS/g,e.numPointLights).replace(/NUM_HEMI_LIGHTS/g,e.numHemiLights).replace(/NUM_SUN_LIGHT_SHADOWS/g,e.numSunLightShadows).replace(/NUM_DIR_LIGHT_SHADOWS/g,e.numDirLightShadows).replace(/NUM_SPOT_LIGHT_SHADOWS_WITH_MAPS/g,e.numSpotLightShadowsWithMaps).replace(/NUM_SPOT_LIGHT_SHADOWS/g,e.numSpotLightShadows).replace(/NUM_POINT_LIGHT_SHADOWS/g,e.numPointLightShadows).replace(/NUM_LIGHT_PROBE_GRIDS/g,e.numLightProbeGrids)}function _p(n,e){return n.replace(/NUM_CLIPPING_PLANES/g,e.numClippingPlanes).replace(/UNION_CLIPPING_PLANES/g,e.numClippingPlanes-e.numClipIntersection)}var tS=/^[ \t]*#include +<([\w\d./]+)>/gm;function xh(n){return n.replace(tS,nS)}function nS(n,e){let t=Be[e];if(t===void 0)throw new Error("THREE.WebGLProgram: Can not resolve #include <"+e+">");return xh(t)}var iS=/#pragma unroll_loop_start\s+for\s*\(\s*int\s+i\s*=\s*(\d+)\s*;\s*i\s*<\s*(\d+)\s*;\s*i\s*\+\+\s*\)\s*{([\s\S]+?)}\s+#pragma unroll_loop_end/g;function xp(n){return n.replace(iS,sS)}function sS(n,e,t,i){let s="";for(let r=parseInt(e);r<parseInt(t);r++)s+=i.replace(/\[\s*i\s*\]/g,"[ "+r+" ]").replace(/UNROLLED_LOOP_INDEX/g,r);return s}function yp(n){let e=`precision ${n.precision} float;
	precision ${n.precision} int;
	precision ${n.precision} sampler2D;
	precision ${n.precision} samplerCube;
	precision ${n.precision} sampler3D;
	precision ${n.precision} sampler2DArray;
	precision ${n.precision} sampler2DShadow;
	precision ${n.precision} samplerCubeShadow;
	precision ${n.precision} sampler2DArrayShadow;
	precision ${n.precision} isampler2D;
	precision ${n.precision} isampler3D;
	precision ${n.precision} isamplerCube;
	precision ${n.precision} isampler2DArray;
	precision ${n.precision} usampler2D;
	precision ${n.precision} usampler3D;
	precision ${n.precision} usamplerCube;
	precision ${n.precision} usampler2DArray;
	`;return n.precision==="highp"?e+=`
#define HIGH_PRECISION`:n.precision==="mediump"?e+=`
#define MEDIUM_PRECISION`:n.precision==="lowp"&&(e+=`
#define LOW_PRECISION`),e}var rS={[gr]:"SHADOWMAP_TYPE_PCF",[hs]:"SHADOWMAP_TYPE_VSM"};function oS(n){return rS[n.shadowMapType]||"SHADOWMAP_TYPE_BASIC"}var aS={[ds]:"ENVMAP_MODE_REFRACTION"};function lS(n){return n.envMap===!1?"ENVMAP_MODE_REFLECTION":aS[n.envMapMode]||"ENVMAP_MODE_REFLECTION"}var cS={[Gc]:"ENVMAP_BLENDING_MULTIPLY",[Df]:"ENVMAP_BLENDING_MIX",[Uf]:"ENVMAP_BLENDING_ADD"};function hS(n){return n.envMap===!1?"ENVMAP_BLENDING_NONE":cS[n.combine]||"ENVMAP_BLENDING_NONE"}function uS(n,e,t,i){let s=n.getContext(),r=t.defines,o=t.vertexShader,a=t.fragmentShader,c=oS(t),l=t.envMapPMREM===!0?"ENVMAP_TYPE_PMREM":"ENVMAP_TYPE_CUBE",h=lS(t),u=hS(t),d=Qv(t),p=jv(r),g=s.createProgram(),v,f,m=t.glslVersion?"#version "+t.glslVersion+`
`:"";t.isRawShaderMaterial?(v=["#define SHADER_TYPE "+t.shaderType,"#define SHADER_NAME "+t.shaderName,p].filter(Ar).join(`
`),v.length>0&&(v+=`
`),f=["#define SHADER_TYPE "+t.shaderType,"#define SHADER_NAME "+t.shaderName,p].filter(Ar).join(`
`),f.length>0&&(f+=`
`)):(v=[yp(t),"#define SHADER_TYPE "+t.shaderType,"#define SHADER_NAME "+t.shaderName,p,t.extensionClipCullDistance?"#define USE_CLIP_DISTANCE":"",t.batching?"#define USE_BATCHING":"",t.batchingColor?"#define USE_BATCHING_COLOR":"",t.instancing?"#define USE_INSTANCING":"",t.instancingColor?"#define USE_INSTANCING_COLOR":"",t.instancingMorph?"#define USE_INSTANCING_MORPH":"",t.useFog&&t.fog?"#define USE_FOG":"",t.useFog&&t.fogExp2?"#define FOG_EXP2":"",t.map?"#define USE_MAP":"",t.envMap?"#define USE_ENVMAP":"",t.envMap?"#define "+h:"",t.lightMap?"#define USE_LIGHTMAP":"",t.aoMap?"#define USE_AOMAP":"",t.bumpMap?"#define USE_BUMPMAP":"",t.normalMap?"#define USE_NORMALMAP":"",t.normalMapObjectSpace?"#define USE_NORMALMAP_OBJECTSPACE":"",t.normalMapTangentSpace?"#define USE_NORMALMAP_TANGENTSPACE":"",t.displacementMap?"#define USE_DISPLACEMENTMAP":"",t.emissiveMap?"#define USE_EMISSIVEMAP":"",t.anisotropy?"#define USE_ANISOTROPY":"",t.anisotropyMap?"#define USE_ANISOTROPYMAP":"",t.clearcoatMap?"#define USE_CLEARCOATMAP":"",t.clearcoatRoughnessMap?"#define USE_CLEARCOAT_ROUGHNESSMAP":"",t.clearcoatNormalMap?"#define USE_CLEARCOAT_NORMALMAP":"",t.diffuseRoughnessMap?"#define USE_DIFFUSE_ROUGHNESSMAP":"",t.iridescenceMap?"#define USE_IRIDESCENCEMAP":"",t.iridescenceThicknessMap?"#define USE_IRIDESCENCE_THICKNESSMAP":"",t.specularMap?"#define USE_SPECULARMAP":"",t.specularColorMap?"#define USE_SPECULAR_COLORMAP":"",t.specularIntensityMap?"#define USE_SPECULAR_INTENSITYMAP":"",t.roughnessMap?"#define USE_ROUGHNESSMAP":"",t.metalnessMap?"#define USE_METALNESSMAP":"",t.alphaMap?"#define USE_ALPHAMAP":"",t.alphaHash?"#define USE_ALPHAHASH":"",t.transmission?"#define USE_TRANSMISSION":"",t.transmissionMap?"#define USE_TRANSMISSIONMAP":"",t.thicknessMap?"#define USE_THICKNESSMAP":"",t.sheenColorMap?"#define USE_SHEEN_COLORMAP":"",t.sheenRoughnessMap?"#define USE_SHEEN_ROUGHNESSMAP":"",t.mapUv?"#define MAP_UV "+t.mapUv:"",t.alphaMapUv?"#define ALPHAMAP_UV "+t.alphaMapUv:"",t.lightMapUv?"#define LIGHTMAP_UV "+t.lightMapUv:"",t.aoMapUv?"#define AOMAP_UV "+t.aoMapUv:"",t.emissiveMapUv?"#define EMISSIVEMAP_UV "+t.emissiveMapUv:"",t.bumpMapUv?"#define BUMPMAP_UV "+t.bumpMapUv:"",t.normalMapUv?"#define NORMALMAP_UV "+t.normalMapUv:"",t.displacementMapUv?"#define DISPLACEMENTMAP_UV "+t.displacementMapUv:"",t.metalnessMapUv?"#define METALNESSMAP_UV "+t.metalnessMapUv:"",t.roughnessMapUv?"#define ROUGHNESSMAP_UV "+t.roughnessMapUv:"",t.anisotropyMapUv?"#define ANISOTROPYMAP_UV "+t.anisotropyMapUv:"",t.clearcoatMapUv?"#define CLEARCOATMAP_UV "+t.clearcoatMapUv:"",t.clearcoatNormalMapUv?"#define CLEARCOAT_NORMALMAP_UV "+t.clearcoatNormalMapUv:"",t.clearcoatRoughnessMapUv?"#define CLEARCOAT_ROUGHNESSMAP_UV "+t.clearcoatRoughnessMapUv:"",t.diffuseRoughnessMapUv?"#define DIFFUSE_ROUGHNESSMAP_UV "+t.diffuseRoughnessMapUv:"",t.iridescenceMapUv?"#define IRIDESCENCEMAP_UV "+t.iridescenceMapUv:"",t.iridescenceThicknessMapUv?"#define IRIDESCENCE_THICKNESSMAP_UV "+t.iridescenceThicknessMapUv:"",t.sheenColorMapUv?"#define SHEEN_COLORMAP_UV "+t.sheenColorMapUv:"",t.sheenRoughnessMapUv?"#define SHEEN_ROUGHNESSMAP_UV "+t.sheenRoughnessMapUv:"",t.specularMapUv?"#define SPECULARMAP_UV "+t.specularMapUv:"",t.specularColorMapUv?"#define SPECULAR_COLORMAP_UV "+t.specularColorMapUv:"",t.specularIntensityMapUv?"#define SPECULAR_INTENSITYMAP_UV "+t.specularIntensityMapUv:"",t.transmissionMapUv?"#define TRANSMISSIONMAP_UV "+t.transmissionMapUv:"",t.thicknessMapUv?"#define THICKNESSMAP_UV "+t.thicknessMapUv:"",t.vertexTangents&&t.flatShading===!1?"#define USE_TANGENT":"",t.vertexNormals?"#define HAS_NORMAL":"",t.vertexColors?"#define USE_COLOR":"",t.vertexAlphas?"#define USE_COLOR_ALPHA":"",t.vertexUv1s?"#define USE_UV1":"",t.vertexUv2s?"#define USE_UV2":"",t.vertexUv3s?"#define USE_UV3":"",t.pointsUvs?"#define USE_POINTS_UV":"",t.flatShading?"#define FLAT_SHADED":"",t.skinning?"#define USE_SKINNING":"",t.morphTargets?"#define USE_MORPHTARGETS":"",t.morphNormals&&t.flatShading===!1?"#define USE_MORPHNORMALS":"",t.morphColors?"#define USE_MORPHCOLORS":"",t.morphTargetsCount>0?"#define MORPHTARGETS_TEXTURE_STRIDE "+t.morphTextureStride:"",t.morphTargetsCount>0?"#define MORPHTARGETS_COUNT "+t.morphTargetsCount:"",t.doubleSided?"#define DOUBLE_SIDED":"",t.flipSided?"#define FLIP_SIDED":"",t.shadowMapEnabled?"#define USE_SHADOWMAP":"",t.shadowMapEnabled?"#define "+c:"",t.sizeAttenuation?"#define USE_SIZEATTENUATION":"",t.numLightProbes>0?"#define USE_LIGHT_PROBES":"",t.logarithmicDepthBuffer?"#define USE_LOGARITHMIC_DEPTH_BUFFER":"",t.reversedDepthBuffer?"#define USE_REVERSED_DEPTH_BUFFER":"","uniform mat4 modelMatrix;","uniform mat4 modelViewMatrix;","uniform mat4 projectionMatrix;","uniform mat4 viewMatrix;","uniform mat3 normalMatrix;","uniform vec3 cameraPosition;","uniform bool isOrthographic;","#ifdef USE_INSTANCING","	attribute mat4 instanceMatrix;","#endif","#ifdef USE_INSTANCING_COLOR","	attribute vec3 instanceColor;","#endif","#ifdef USE_INSTANCING_MORPH","	uniform sampler2D morphTexture;","#endif","attribute vec3 position;","attribute vec3 normal;","attribute vec2 uv;","#ifdef USE_UV1","	attribute vec2 uv1;","#endif","#ifdef USE_UV2","	attribute vec2 uv2;","#endif","#ifdef USE_UV3","	attribute vec2 uv3;","#endif","#ifdef USE_TANGENT","	attribute vec4 tangent;","#endif","#if defined( USE_COLOR_ALPHA )","	attribute vec4 color;","#elif defined( USE_COLOR )","	attribute vec3 color;","#endif","#ifdef USE_SKINNING","	attribute vec4 skinIndex;","	attribute vec4 skinWeight;","#endif",`
`].filter(Ar).join(`
`),f=[yp(t),"#define SHADER_TYPE "+t.shaderType,"#define SHADER_NAME "+t.shaderName,p,t.useFog&&t.fog?"#define USE_FOG":"",t.useFog&&t.fogExp2?"#define FOG_EXP2":"",t.alphaToCoverage?"#define ALPHA_TO_COVERAGE":"",t.map?"#define USE_MAP":"",t.matcap?"#define USE_MATCAP":"",t.envMap?"#define USE_ENVMAP":"",t.envMap?"#define "+l:"",t.envMap?"#define "+h:"",t.envMap?"#define "+u:"",t.envMapPMREM?"#define ENVMAP_MAX_LOD "+t.envMapMaxLod+".0":"",t.envMapPMREM?"#define ENVMAP_SIZE "+t.envMapSize+".0":"",t.lightMap?"#define USE_LIGHTMAP":"",t.aoMap?"#define USE_AOMAP":"",t.bumpMap?"#define USE_BUMPMAP":"",t.normalMap?"#define USE_NORMALMAP":"",t.normalMapObjectSpace?"#define USE_NORMALMAP_OBJECTSPACE":"",t.normalMapTangentSpace?"#define USE_NORMALMAP_TANGENTSPACE":"",t.packedNormalMap?"#define USE_PACKED_NORMALMAP":"",t.emissiveMap?"#define USE_EMISSIVEMAP":"",t.anisotropy?"#define USE_ANISOTROPY":"",t.anisotropyMap?"#define USE_ANISOTROPYMAP":"",t.clearcoat?"#define USE_CLEARCOAT":"",t.clearcoatMap?"#define USE_CLEARCOATMAP":"",t.clearcoatRoughnessMap?"#define USE_CLEARCOAT_ROUGHNESSMAP":"",t.clearcoatNormalMap?"#define USE_CLEARCOAT_NORMALMAP":"",t.diffuseRoughness?"#define USE_DIFFUSE_ROUGHNESS":"",t.diffuseRoughnessMap?"#define USE_DIFFUSE_ROUGHNESSMAP":"",t.dispersion?"#define USE_DISPERSION":"",t.retroreflection?"#define USE_RETROREFLECTION":"",t.iridescence?"#define USE_IRIDESCENCE":"",t.iridescenceMap?"#define USE_IRIDESCENCEMAP":"",t.iridescenceThicknessMap?"#define USE_IRIDESCENCE_THICKNESSMAP":"",t.specularMap?"#define USE_SPECULARMAP":"",t.specularColorMap?"#define USE_SPECULAR_COLORMAP":"",t.specularIntensityMap?"#define USE_SPECULAR_INTENSITYMAP":"",t.roughnessMap?"#define USE_ROUGHNESSMAP":"",t.metalnessMap?"#define USE_METALNESSMAP":"",t.alphaMap?"#define USE_ALPHAMAP":"",t.alphaTest?"#define USE_ALPHATEST":"",t.alphaHash?"#define USE_ALPHAHASH":"",t.sheen?"#define USE_SHEEN":"",t.sheenColorMap?"#define USE_SHEEN_COLORMAP":"",t.sheenRoughnessMap?"#define USE_SHEEN_ROUGHNESSMAP":"",t.transmission?"#define USE_TRANSMISSION":"",t.transmissionMap?"#define USE_TRANSMISSIONMAP":"",t.thicknessMap?"#define USE_THICKNESSMAP":"",t.vertexTangents&&t.flatShading===!1?"#define USE_TANGENT":"",t.vertexColors||t.instancingColor?"#define USE_COLOR":"",t.vertexAlphas||t.batchingColor?"#define USE_COLOR_ALPHA":"",t.vertexUv1s?"#define USE_UV1":"",t.vertexUv2s?"#define USE_UV2":"",t.vertexUv3s?"#define USE_UV3":"",t.pointsUvs?"#define USE_POINTS_UV":"",t.gradientMap?"#define USE_GRADIENTMAP":"",t.flatShading?"#define FLAT_SHADED":"",t.doubleSided?"#define DOUBLE_SIDED":"",t.flipSided?"#define FLIP_SIDED":"",t.shadowMapEnabled?"#define USE_SHADOWMAP":"",t.shadowMapEnabled?"#define "+c:"",t.premultipliedAlpha?"#define PREMULTIPLIED_ALPHA":"",t.numLightProbes>0?"#define USE_LIGHT_PROBES":"",t.decodeVideoTexture?"#define DECODE_VIDEO_TEXTURE":"",t.decodeVideoTextureEmissive?"#define DECODE_VIDEO_TEXTURE_EMISSIVE":"",t.logarithmicDepthBuffer?"#define USE_LOGARITHMIC_DEPTH_BUFFER":"",t.reversedDepthBuffer?"#define USE_REVERSED_DEPTH_BUFFER":"","uniform mat4 viewMatrix;","uniform vec3 cameraPosition;","uniform bool isOrthographic;",t.toneMapping!==An?"#define TONE_MAPPING":"",t.toneMapping!==An?Be.tonemapping_pars_fragment:"",t.toneMapping!==An?Zv("toneMapping",t.toneMapping):"",t.dithering?"#define DITHERING":"",t.opaque?"#define OPAQUE":"",Be.colorspace_pars_fragment,qv("linearToOutputTexel",t.outputColorSpace),Jv(),t.useDepthPacking?"#define DEPTH_PACKING "+t.depthPacking:"",`
`].filter(Ar).join(`
`)),o=xh(o),o=gp(o,t),o=_p(o,t),a=xh(a),a=gp(a,t),a=_p(a,t),o=xp(o),a=xp(a),t.isRawShaderMaterial!==!0&&(m=`#version 300 es
`,v=[d,"#define attribute in","#define varying out","#define texture2D texture"].join(`
`)+`
`+v,f=["#define varying in",t.glslVersion===lh?"":"layout(location = 0) out highp vec4 pc_fragColor;",t.glslVersion===lh?"":"#define gl_FragColor pc_fragColor","#define gl_FragDepthEXT gl_FragDepth","#define texture2D texture","#define textureCube texture","#define texture2DProj textureProj","#define texture2DLodEXT textureLod","#define texture2DProjLodEXT textureProjLod","#define textureCubeLodEXT textureLod","#define texture2DGradEXT textureGrad","#define texture2DProjGradEXT textureProjGrad","#define textureCubeGradEXT textureGrad"].join(`
`)+`
`+f);let S=m+v+o,w=m+f+a,E=fp(s,s.VERTEX_SHADER,S),T=fp(s,s.FRAGMENT_SHADER,w);s.attachShader(g,E),s.attachShader(g,T),t.index0AttributeName!==void 0?s.bindAttribLocation(g,0,t.index0AttributeName):t.hasPositionAttribute===!0&&s.bindAttribLocation(g,0,"position"),s.linkProgram(g);function A(N){if(n.debug.checkShaderErrors){let L=s.getProgramInfoLog(g)||"",z=s.getShaderInfoLog(E)||"",Y=s.getShaderInfoLog(T)||"",C=L.trim(),W=z.trim(),Z=Y.trim(),V=!0,ne=!0;if(s.getProgramParameter(g,s.LINK_STATUS)===!1)if(V=!1,typeof n.debug.onShaderError=="function")n.debug.onShaderError(s,g,E,T);else{let H=mp(s,E,"vertex"),Q=mp(s,T,"fragment");Ce("WebGLProgram: Shader Error "+s.getError()+" - VALIDATE_STATUS "+s.getProgramParameter(g,s.VALIDATE_STATUS)+`

Material Name: `+N.name+`
Material Type: `+N.type+`

Program Info Log: `+C+`
`+H+`
`+Q)}else C!==""?Re("WebGLProgram: Program Info Log:",C):(W===""||Z==="")&&(ne=!1);ne&&(N.diagnostics={runnable:V,programLog:C,vertexShader:{log:W,prefix:v},fragmentShader:{log:Z,prefix:f}})}s.deleteShader(E),s.deleteShader(T),_=new ps(s,g),M=eS(s,g)}let _;this.getUniforms=function(){return _===void 0&&A(this),_};let M;this.getAttributes=function(){return M===void 0&&A(this),M};let B=t.rendererExtensionParallelShaderCompile===!1;return this.isReady=function(){return B===!1&&(B=s.getProgramParameter(g,Wv)),B},this.destroy=function(){i.releaseStatesOfProgram(this),s.deleteProgram(g),this.program=void 0},this.type=t.shaderType,this.name=t.shaderName,this.id=Xv++,this.cacheKey=e,this.usedTimes=1,this.program=g,this.vertexShader=E,this.fragmentShader=T,this}var dS=0,yh=class{constructor(){this.shaderCache=new Map,this.materialCache=new Map}update(e,t,i){let s=this._getShaderCacheForMaterial(e);return s.has(t)===!1&&(s.add(t),t.usedTimes++),s.has(i)===!1&&(s.add(i),i.usedTimes++),this}remove(e){let t=this.materialCache.get(e);for(let i of t)i.usedTimes--,i.usedTimes===0&&this.shaderCache.delete(i.code);return this.materialCache.delete(e),this}getVertexShaderStage(e){return this._getShaderStage(e.vertexShader)}getFragmentShaderStage(e){return this._getShaderStage(e.fragmentShader)}dispose(){this.shaderCache.clear(),this.materialCache.clear()}_getShaderCacheForMaterial(e){let t=this.materialCache,i=t.get(e);return i===void 0&&(i=new Set,t.set(e,i)),i}_getShaderStage(e){let t=this.shaderCache,i=t.get(e);return i===void 0&&(i=new vh(e),t.set(e,i)),i}},vh=class{constructor(e){this.id=dS++,this.code=e,this.usedTimes=0}};function fS(n){return n===li||n===br||n===Mr}function pS(n,e,t,i,s,r){let o=new Js,a=new yh,c=new Set,l=[],h=new Map,u=i.logarithmicDepthBuffer,d={MeshDepthMaterial:"depth",MeshDistanceMaterial:"distance",MeshNormalMaterial:"normal",MeshBasicMaterial:"basic",MeshLambertMaterial:"lambert",MeshPhongMaterial:"phong",MeshToonMaterial:"toon",MeshStandardMaterial:"physical",MeshPhysicalMaterial:"physical",MeshMatcapMaterial:"matcap",LineBasicMaterial:"basic",LineDashedMaterial:"dashed",PointsMaterial:"points",ShadowMaterial:"shadow",SpriteMaterial:"sprite"};function p(_){return c.add(_),_===0?"uv":`uv${_}`}function g(_,M,B,N,L,z){let Y=N.fog,C=L.geometry,W=_.isMeshStandardMaterial||_.isMeshLambertMaterial||_.isMeshPhongMaterial?N.environment:null,Z=_.isMeshStandardMaterial||_.isMeshLambertMaterial&&!_.envMap||_.isMeshPhongMaterial&&!_.envMap,V=e.get(_.envMap||W,Z),ne=d[_.type],H=i.precision;_.precision!==null&&(H=i.getMaxPrecision(_.precision),H!==_.precision&&Re("WebGLProgram.getParameters:",_.precision,"not supported, using",H,"instead."));let Q=C.morphAttributes.position||C.morphAttributes.normal||C.morphAttributes.color,j=Q!==void 0?Q.length:0,be=0;C.morphAttributes.position!==void 0&&(be=1),C.morphAttributes.normal!==void 0&&(be=2),C.morphAttributes.color!==void 0&&(be=3);let Le,q,me,ye;if(ne){let fe=wn[ne];Le=fe.vertexShader,q=fe.fragmentShader}else{Le=_.vertexShader,q=_.fragmentShader;let fe=a.getVertexShaderStage(_),Ze=a.getFragmentShaderStage(_);a.update(_,fe,Ze),me=fe.id,ye=Ze.id}let Te=n.getRenderTarget(),ge=n.state.buffers.depth.getReversed(),Ue=L.isInstancedMesh===!0,ct=L.isBatchedMesh===!0,Ie=!!_.map,$e=!!_.matcap,Qe=!!V,Ge=Qe&&V.isPMREMTexture===!0,bt=!!_.aoMap,ft=!!_.lightMap,Bt=!!_.bumpMap&&_.wireframe===!1,rt=!!_.normalMap,pn=!!_.displacementMap,_t=!!_.emissiveMap,qt=!!_.metalnessMap,$t=!!_.roughnessMap,Zt=_.anisotropy>0,P=_.clearcoat>0,Jt=_.diffuseRoughness>0,it=_.dispersion>0,st=_.retroreflectivity>0,de=_.iridescence>0,pt=_.sheen>0,we=_.transmission>0,Pe=Zt&&!!_.anisotropyMap,b=P&&!!_.clearcoatMap,x=P&&!!_.clearcoatNormalMap,U=P&&!!_.clearcoatRoughnessMap,te=Jt&&!!_.diffuseRoughnessMap,J=de&&!!_.iridescenceMap,re=de&&!!_.iridescenceThicknessMap,he=pt&&!!_.sheenColorMap,X=pt&&!!_.sheenRoughnessMap,K=!!_.specularMap,ae=!!_.specularColorMap,R=!!_.specularIntensityMap,$=we&&!!_.transmissionMap,G=we&&!!_.thicknessMap,le=!!_.gradientMap,se=!!_.alphaMap,oe=_.alphaTest>0,Ee=!!_.alphaHash,Fe=!!_.extensions,ie=An;_.toneMapped&&(Te===null||Te.isXRRenderTarget===!0)&&(ie=n.toneMapping);let Ae=Ge?V.isCompressedCubeTexture?V.image[0].mipmaps:V.mipmaps:null,Oe={shaderID:ne,shaderType:_.type,shaderName:_.name,vertexShader:Le,fragmentShader:q,defines:_.defines,customVertexShaderID:me,customFragmentShaderID:ye,isRawShaderMaterial:_.isRawShaderMaterial===!0,glslVersion:_.glslVersion,precision:H,batching:ct,batchingColor:ct&&L._colorsTexture!==null,instancing:Ue,instancingColor:Ue&&L.instanceColor!==null,instancingMorph:Ue&&L.morphTexture!==null,outputColorSpace:Te===null?n.outputColorSpace:Te.isXRRenderTarget===!0?Te.texture.colorSpace:ze.workingColorSpace,alphaToCoverage:!!_.alphaToCoverage,map:Ie,matcap:$e,envMap:Qe,envMapMode:Qe&&V.mapping,envMapPMREM:Ge,envMapMaxLod:Ge?Ae.length-1:null,envMapSize:Ge?Ae[0].width:null,aoMap:bt,lightMap:ft,bumpMap:Bt,normalMap:rt,displacementMap:pn,emissiveMap:_t,normalMapObjectSpace:rt&&_.normalMapType===Bf,normalMapTangentSpace:rt&&_.normalMapType===ih,packedNormalMap:rt&&_.normalMapType===ih&&fS(_.normalMap.format),metalnessMap:qt,roughnessMap:$t,anisotropy:Zt,anisotropyMap:Pe,clearcoat:P,clearcoatMap:b,clearcoatNormalMap:x,clearcoatRoughnessMap:U,diffuseRoughness:Jt,diffuseRoughnessMap:te,dispersion:it,retroreflection:st,iridescence:de,iridescenceMap:J,iridescenceThicknessMap:re,sheen:pt,sheenColorMap:he,sheenRoughnessMap:X,specularMap:K,specularColorMap:ae,specularIntensityMap:R,transmission:we,transmissionMap:$,thicknessMap:G,gradientMap:le,opaque:_.transparent===!1&&_.blending===us&&_.alphaToCoverage===!1,alphaMap:se,alphaTest:oe,alphaHash:Ee,combine:_.combine,mapUv:Ie&&p(_.map.channel),aoMapUv:bt&&p(_.aoMap.channel),lightMapUv:ft&&p(_.lightMap.channel),bumpMapUv:Bt&&p(_.bumpMap.channel),normalMapUv:rt&&p(_.normalMap.channel),displacementMapUv:pn&&p(_.displacementMap.channel),emissiveMapUv:_t&&p(_.emissiveMap.channel),metalnessMapUv:qt&&p(_.metalnessMap.channel),roughnessMapUv:$t&&p(_.roughnessMap.channel),anisotropyMapUv:Pe&&p(_.anisotropyMap.channel),clearcoatMapUv:b&&p(_.clearcoatMap.channel),clearcoatNormalMapUv:x&&p(_.clearcoatNormalMap.channel),clearcoatRoughnessMapUv:U&&p(_.clearcoatRoughnessMap.channel),diffuseRoughnessMapUv:te&&p(_.diffuseRoughnessMap.channel),iridescenceMapUv:J&&p(_.iridescenceMap.channel),iridescenceThicknessMapUv:re&&p(_.iridescenceThicknessMap.channel),sheenColorMapUv:he&&p(_.sheenColorMap.channel),sheenRoughnessMapUv:X&&p(_.sheenRoughnessMap.channel),specularMapUv:K&&p(_.specularMap.channel),specularColorMapUv:ae&&p(_.specularColorMap.channel),specularIntensityMapUv:R&&p(_.specularIntensityMap.channel),transmissionMapUv:$&&p(_.transmissionMap.channel),thicknessMapUv:G&&p(_.thicknessMap.channel),alphaMapUv:se&&p(_.alphaMap.channel),vertexTangents:!!C.attributes.tangent&&(rt||Zt),vertexNormals:!!C.attributes.normal,vertexColors:_.vertexColors,vertexAlphas:_.vertexColors===!0&&!!C.attributes.color&&C.attributes.color.itemSize===4,pointsUvs:L.isPoints===!0&&!!C.attributes.uv&&(Ie||se),fog:!!Y,useFog:_.fog===!0,fogExp2:!!Y&&Y.isFogExp2,flatShading:_.wireframe===!1&&(_.flatShading===!0||C.attributes.normal===void 0&&rt===!1&&(_.isMeshLambertMaterial||_.isMeshPhongMaterial||_.isMeshStandardMaterial||_.isMeshPhysicalMaterial)),sizeAttenuation:_.sizeAttenuation===!0,logarithmicDepthBuffer:u,reversedDepthBuffer:ge,skinning:L.isSkinnedMesh===!0,hasPositionAttribute:C.attributes.position!==void 0,morphTargets:C.morphAttributes.position!==void 0,morphNormals:C.morphAttributes.normal!==void 0,morphColors:C.morphAttributes.color!==void 0,morphTargetsCount:j,morphTextureStride:be,numSunLights:M.sun.length,numDirLights:M.directional.length,numPointLights:M.point.length,numSpotLights:M.spot.length,numSpotLightMaps:M.spotLightMap.length,numRectAreaLights:M.rectArea.length,numHemiLights:M.hemi.length,numSunLightShadows:M.sunShadowMap.length,numDirLightShadows:M.directionalShadowMap.length,numPointLightShadows:M.pointShadowMap.length,numSpotLightShadows:M.spotShadowMap.length,numSpotLightShadowsWithMaps:M.numSpotLightShadowsWithMaps,numLightProbes:M.numLightProbes,numLightProbeGrids:z.filter(fe=>fe.texture!==null).length,numClippingPlanes:r.numPlanes,numClipIntersection:r.numIntersection,dithering:_.dithering,shadowMapEnabled:n.shadowMap.enabled&&B.length>0,shadowMapType:n.shadowMap.type,toneMapping:ie,decodeVideoTexture:Ie&&_.map.isVideoTexture===!0&&ze.getTransfer(_.map.colorSpace)===qe,decodeVideoTextureEmissive:_t&&_.emissiveMap.isVideoTexture===!0&&ze.getTransfer(_.emissiveMap.colorSpace)===qe,premultipliedAlpha:_.premultipliedAlpha,doubleSided:_.side===nn,flipSided:_.side===Ft,useDepthPacking:_.depthPacking>=0,depthPacking:_.depthPacking||0,index0AttributeName:_.index0AttributeName,extensionClipCullDistance:Fe&&_.extensions.clipCullDistance===!0&&t.has("WEBGL_clip_cull_distance"),extensionMultiDraw:(Fe&&_.extensions.multiDraw===!0||ct)&&t.has("WEBGL_multi_draw"),rendererExtensionParallelShaderCompile:t.has("KHR_parallel_shader_compile"),customProgramCacheKey:_.customProgramCacheKey()};return Oe.vertexUv1s=c.has(1),Oe.vertexUv2s=c.has(2),Oe.vertexUv3s=c.has(3),c.clear(),Oe}function v(_){let M=[];if(_.shaderID?M.push(_.shaderID):(M.push(_.customVertexShaderID),M.push(_.customFragmentShaderID)),_.defines!==void 0)for(let B in _.defines)M.push(B),M.push(_.defines[B]);return _.isRawShaderMaterial===!1&&(f(M,_),m(M,_),M.push(n.outputColorSpace)),M.push(_.customProgramCacheKey),M.join()}function f(_,M){_.push(M.precision),_.push(M.outputColorSpace),_.push(M.envMapMode),_.push(M.envMapPMREM),_.push(M.envMapMaxLod),_.push(M.envMapSize),_.push(M.mapUv),_.push(M.alphaMapUv),_.push(M.lightMapUv),_.push(M.aoMapUv),_.push(M.bumpMapUv),_.push(M.normalMapUv),_.push(M.displacementMapUv),_.push(M.emissiveMapUv),_.push(M.metalnessMapUv),_.push(M.roughnessMapUv),_.push(M.anisotropyMapUv),_.push(M.clearcoatMapUv),_.push(M.clearcoatNormalMapUv),_.push(M.clearcoatRoughnessMapUv),_.push(M.diffuseRoughnessMapUv),_.push(M.iridescenceMapUv),_.push(M.iridescenceThicknessMapUv),_.push(M.sheenColorMapUv),_.push(M.sheenRoughnessMapUv),_.push(M.specularMapUv),_.push(M.specularColorMapUv),_.push(M.specularIntensityMapUv),_.push(M.transmissionMapUv),_.push(M.thicknessMapUv),_.push(M.combine),_.push(M.fogExp2),_.push(M.sizeAttenuation),_.push(M.morphTargetsCount),_.push(M.numSunLights),_.push(M.numDirLights),_.push(M.numPointLights),_.push(M.numSpotLights),_.push(M.numSpotLightMaps),_.push(M.numHemiLights),_.push(M.numRectAreaLights),_.push(M.numSunLightShadows),_.push(M.numDirLightShadows),_.push(M.numPointLightShadows),_.push(M.numSpotLightShadows),_.push(M.numSpotLightShadowsWithMaps),_.push(M.numLightProbes),_.push(M.numLightProbeGrids),_.push(M.shadowMapType),_.push(M.toneMapping),_.push(M.numClippingPlanes),_.push(M.numClipIntersection),_.push(M.depthPacking)}function m(_,M){o.disableAll(),M.instancing&&o.enable(0),M.instancingColor&&o.enable(1),M.instancingMorph&&o.enable(2),M.matcap&&o.enable(3),M.envMap&&o.enable(4),M.normalMapObjectSpace&&o.enable(5),M.normalMapTangentSpace&&o.enable(6),M.clearcoat&&o.enable(7),M.iridescence&&o.enable(8),M.alphaTest&&o.enable(9),M.vertexColors&&o.enable(10),M.vertexAlphas&&o.enable(11),M.vertexUv1s&&o.enable(12),M.vertexUv2s&&o.enable(13),M.vertexUv3s&&o.enable(14),M.vertexTangents&&o.enable(15),M.anisotropy&&o.enable(16),M.alphaHash&&o.enable(17),M.batching&&o.enable(18),M.dispersion&&o.enable(19),M.retroreflection&&o.enable(24),M.diffuseRoughness&&o.enable(25),M.batchingColor&&o.enable(20),M.gradientMap&&o.enable(21),M.packedNormalMap&&o.enable(22),M.vertexNormals&&o.enable(23),_.push(o.mask),o.disableAll(),M.fog&&o.enable(0),M.useFog&&o.enable(1),M.flatShading&&o.enable(2),M.logarithmicDepthBuffer&&o.enable(3),M.reversedDepthBuffer&&o.enable(4),M.skinning&&o.enable(5),M.morphTargets&&o.enable(6),M.morphNormals&&o.enable(7),M.morphColors&&o.enable(8),M.premultipliedAlpha&&o.enable(9),M.shadowMapEnabled&&o.enable(10),M.doubleSided&&o.enable(11),M.flipSided&&o.enable(12),M.useDepthPacking&&o.enable(13),M.dithering&&o.enable(14),M.transmission&&o.enable(15),M.sheen&&o.enable(16),M.opaque&&o.enable(17),M.pointsUvs&&o.enable(18),M.decodeVideoTexture&&o.enable(19),M.decodeVideoTextureEmissive&&o.enable(20),M.alphaToCoverage&&o.enable(21),M.numLightProbeGrids>0&&o.enable(22),M.hasPositionAttribute&&o.enable(23),_.push(o.mask)}function S(_){let M=d[_.type],B;if(M){let N=wn[M];B=ep.clone(N.uniforms)}else B=_.uniforms;return B}function w(_,M){let B=h.get(M);return B!==void 0?++B.usedTimes:(B=new uS(n,M,_,s),l.push(B),h.set(M,B)),B}function E(_){if(--_.usedTimes===0){let M=l.indexOf(_);l[M]=l[l.length-1],l.pop(),h.delete(_.cacheKey),_.destroy()}}function T(_){a.remove(_)}function A(){a.dispose()}return{getParameters:g,getProgramCacheKey:v,getUniforms:S,acquireProgram:w,releaseProgram:E,releaseShaderCache:T,programs:l,dispose:A}}function mS(){let n=new WeakMap;function e(o){return n.has(o)}function t(o){let a=n.get(o);return a===void 0&&(a={},n.set(o,a)),a}function i(o){n.delete(o)}function s(o,a,c){n.get(o)[a]=c}function r(){n=new WeakMap}return{has:e,get:t,remove:i,update:s,dispose:r}}function gS(n,e){return n.groupOrder!==e.groupOrder?n.groupOrder-e.groupOrder:n.renderOrder!==e.renderOrder?n.renderOrder-e.renderOrder:n.material.id!==e.material.id?n.material.id-e.material.id:n.materialVariant!==e.materialVariant?n.materialVariant-e.materialVariant:n.z!==e.z?n.z-e.z:n.id-e.id}function vp(n,e){return n.groupOrder!==e.groupOrder?n.groupOrder-e.groupOrder:n.renderOrder!==e.renderOrder?n.renderOrder-e.renderOrder:n.z!==e.z?e.z-n.z:n.id-e.id}function Sp(){let n=[],e=0,t=[],i=[],s=[];function r(){e=0,t.length=0,i.length=0,s.length=0}function o(d){let p=0;return d.isInstancedMesh&&(p+=2),d.isSkinnedMesh&&(p+=1),p}function a(d,p,g,v,f,m){let S=n[e];return S===void 0?(S={id:d.id,object:d,geometry:p,material:g,materialVariant:o(d),groupOrder:v,renderOrder:d.renderOrder,z:f,group:m},n[e]=S):(S.id=d.id,S.object=d,S.geometry=p,S.material=g,S.materialVariant=o(d),S.groupOrder=v,S.renderOrder=d.renderOrder,S.z=f,S.group=m),e++,S}function c(d,p,g,v,f,m,S){S.reversedDepth===!0&&(f=-f);let w=a(d,p,g,v,f,m);g.transmission>0?i.push(w):g.transparent===!0?s.push(w):t.push(w)}function l(d,p,g,v,f,m){let S=a(d,p,g,v,f,m);g.transmission>0?i.unshift(S):g.transparent===!0?s.unshift(S):t.unshift(S)}function h(d,p){t.length>1&&t.sort(d||gS),i.length>1&&i.sort(p||vp),s.length>1&&s.sort(p||vp)}function u(){for(let d=e,p=n.length;d<p;d++){let g=n[d];if(g.id===null)break;g.id=null,g.object=null,g.geometry=null,g.material=null,g.group=null}}return{opaque:t,transmissive:i,transparent:s,init:r,push:c,unshift:l,finish:u,sort:h}}function _S(){let n=new WeakMap;function e(i,s){let r=n.get(i),o;return r===void 0?(o=new Sp,n.set(i,[o])):s>=r.length?(o=new Sp,r.push(o)):o=r[s],o}function t(){n=new WeakMap}return{get:e,dispose:t}}function xS(){let n={};return{get:function(e){if(n[e.id]!==void 0)return n[e.id];let t;switch(e.type){case"SunLight":case"DirectionalLight":t={direction:new F,color:new Ve};break;case"SpotLight":t={position:new F,direction:new F,color:new Ve,distance:0,coneCos:0,penumbraCos:0,decay:0};break;case"PointLight":t={position:new F,color:new Ve,distance:0,decay:0};break;case"HemisphereLight":t={direction:new F,skyColor:new Ve,groundColor:new Ve};break;case"RectAreaLight":t={color:new Ve,position:new F,halfWidth:new F,halfHeight:new F};break}return n[e.id]=t,t}}}function yS(){let n={};return{get:function(e){if(n[e.id]!==void 0)return n[e.id];let t;switch(e.type){case"SunLight":case"DirectionalLight":t={shadowIntensity:1,shadowBias:0,shadowNormalBias:0,shadowRadius:1,shadowMapSize:new ke};break;case"SpotLight":t={shadowIntensity:1,shadowBias:0,shadowNormalBias:0,shadowRadius:1,shadowMapSize:new ke};break;case"PointLight":t={shadowIntensity:1,shadowBias:0,shadowNormalBias:0,shadowRadius:1,shadowMapSize:new ke,shadowCameraNear:1,shadowCameraFar:1e3};break}return n[e.id]=t,t}}}var vS=0;function SS(n,e){return(e.castShadow?2:0)-(n.castShadow?2:0)+(e.map?1:0)-(n.map?1:0)}function bS(n){let e=new xS,t=yS(),i={version:0,hash:{sunLength:-1,directionalLength:-1,pointLength:-1,spotLength:-1,rectAreaLength:-1,hemiLength:-1,numSunShadows:-1,numDirectionalShadows:-1,numPointShadows:-1,numSpotShadows:-1,numSpotMaps:-1,numLightProbes:-1},ambient:[0,0,0],probe:[],sun:[],sunShadow:[],sunShadowMap:[],sunShadowMatrix:[],sunShadowCascade:[],directional:[],directionalShadow:[],directionalShadowMap:[],directionalShadowMatrix:[],spot:[],spotLightMap:[],spotShadow:[],spotShadowMap:[],spotLightMatrix:[],rectArea:[],rectAreaLTC1:null,rectAreaLTC2:null,point:[],pointShadow:[],pointShadowMap:[],pointShadowMatrix:[],hemi:[],numSpotLightShadowsWithMaps:0,numLightProbes:0};for(let l=0;l<9;l++)i.probe.push(new F);let s=new F,r=new Je,o=new Je;function a(l){let h=0,u=0,d=0;for(let z=0;z<9;z++)i.probe[z].set(0,0,0);let p=0,g=0,v=0,f=0,m=0,S=0,w=0,E=0,T=0,A=0,_=0,M=0,B=0,N=0;l.sort(SS);for(let z=0,Y=l.length;z<Y;z++){let C=l[z],W=C.color,Z=C.intensity,V=C.distance,ne=null;if(C.shadow&&C.shadow.map&&(C.shadow.map.texture.format===li?ne=C.shadow.map.texture:ne=C.shadow.map.depthTexture||C.shadow.map.texture),C.isAmbientLight)h+=W.r*Z,u+=W.g*Z,d+=W.b*Z;else if(C.isLightProbe){for(let H=0;H<9;H++)i.probe[H].addScaledVector(C.sh.coefficients[H],Z);N++}else if(C.isSunLight){let H=e.get(C);if(H.color.copy(C.color).multiplyScalar(C.intensity),C.castShadow){let Q=C.shadow,j=t.get(C);j.shadowIntensity=Q.intensity,j.shadowBias=Q.bias,j.shadowNormalBias=Q.normalBias,j.shadowRadius=Q.radius,j.shadowMapSize.copy(Q.mapSize).multiply(Q.getFrameExtents()),i.sunShadow[g]=j,i.sunShadowMap[g]=ne;let be=Q.getViewportCount();for(let Le=0;Le<be;Le++)i.sunShadowMatrix[v+Le]=Q.getMatrix(Le),i.sunShadowCascade[v+Le]=Q._cascadeData[Le];v+=be,g++}i.sun[p]=H,p++}else if(C.isDirectionalLight){let H=e.get(C);if(H.color.copy(C.color).multiplyScalar(C.intensity),C.castShadow){let Q=C.shadow,j=t.get(C);j.shadowIntensity=Q.intensity,j.shadowBias=Q.bias,j.shadowNormalBias=Q.normalBias,j.shadowRadius=Q.radius,j.shadowMapSize=Q.mapSize,i.directionalShadow[f]=j,i.directionalShadowMap[f]=ne,i.directionalShadowMatrix[f]=C.shadow.matrix,T++}i.directional[f]=H,f++}else if(C.isSpotLight){let H=e.get(C);H.position.setFromMatrixPosition(C.matrixWorld),H.color.copy(W).multiplyScalar(Z),H.distance=V,H.coneCos=Math.cos(C.angle),H.penumbraCos=Math.cos(C.angle*(1-C.penumbra)),H.decay=C.decay,i.spot[S]=H;let Q=C.shadow;if(C.map&&(i.spotLightMap[M]=C.map,M++,Q.updateMatrices(C),C.castShadow&&B++),i.spotLightMatrix[S]=Q.matrix,C.castShadow){let j=t.get(C);j.shadowIntensity=Q.intensity,j.shadowBias=Q.bias,j.shadowNormalBias=Q.normalBias,j.shadowRadius=Q.radius,j.shadowMapSize=Q.mapSize,i.spotShadow[S]=j,i.spotShadowMap[S]=ne,_++}S++}else if(C.isRectAreaLight){let H=e.get(C);H.color.copy(W).multiplyScalar(Z),H.halfWidth.set(C.width*.5,0,0),H.halfHeight.set(0,C.height*.5,0),i.rectArea[w]=H,w++}else if(C.isPointLight){let H=e.get(C);if(H.color.copy(C.color).multiplyScalar(C.intensity),H.distance=C.distance,H.decay=C.decay,C.castShadow){let Q=C.shadow,j=t.get(C);j.shadowIntensity=Q.intensity,j.shadowBias=Q.bias,j.shadowNormalBias=Q.normalBias,j.shadowRadius=Q.radius,j.shadowMapSize=Q.mapSize,j.shadowCameraNear=Q.camera.near,j.shadowCameraFar=Q.camera.far,i.pointShadow[m]=j,i.pointShadowMap[m]=ne,i.pointShadowMatrix[m]=C.shadow.matrix,A++}i.point[m]=H,m++}else if(C.isHemisphereLight){let H=e.get(C);H.skyColor.copy(C.color).multiplyScalar(Z),H.groundColor.copy(C.groundColor).multiplyScalar(Z),i.hemi[E]=H,E++}}w>0&&(n.has("OES_texture_float_linear")===!0?(i.rectAreaLTC1=pe.LTC_FLOAT_1,i.rectAreaLTC2=pe.LTC_FLOAT_2):(i.rectAreaLTC1=pe.LTC_HALF_1,i.rectAreaLTC2=pe.LTC_HALF_2)),i.ambient[0]=h,i.ambient[1]=u,i.ambient[2]=d;let L=i.hash;(L.sunLength!==p||L.directionalLength!==f||L.pointLength!==m||L.spotLength!==S||L.rectAreaLength!==w||L.hemiLength!==E||L.numSunShadows!==g||L.numDirectionalShadows!==T||L.numPointShadows!==A||L.numSpotShadows!==_||L.numSpotMaps!==M||L.numLightProbes!==N)&&(i.sun.length=p,i.directional.length=f,i.spot.length=S,i.rectArea.length=w,i.point.length=m,i.hemi.length=E,i.sunShadow.length=g,i.sunShadowMap.length=g,i.sunShadowMatrix.length=v,i.sunShadowCascade.length=v,i.directionalShadow.length=T,i.directionalShadowMap.length=T,i.directionalShadowMatrix.length=T,i.pointShadow.length=A,i.pointShadowMap.length=A,i.pointShadowMatrix.length=A,i.spotShadow.length=_,i.spotShadowMap.length=_,i.spotLightMatrix.length=_+M-B,i.spotLightMap.length=M,i.numSpotLightShadowsWithMaps=B,i.numLightProbes=N,L.sunLength=p,L.directionalLength=f,L.pointLength=m,L.spotLength=S,L.rectAreaLength=w,L.hemiLength=E,L.numSunShadows=g,L.numDirectionalShadows=T,L.numPointShadows=A,L.numSpotShadows=_,L.numSpotMaps=M,L.numLightProbes=N,i.version=vS++)}function c(l,h){let u=0,d=0,p=0,g=0,v=0,f=0,m=h.matrixWorldInverse;for(let S=0,w=l.length;S<w;S++){let E=l[S];if(E.isSunLight){let T=i.sun[u];T.direction.setFromMatrixPosition(E.matrixWorld),T.direction.transformDirection(m),u++}else if(E.isDirectionalLight){let T=i.directional[d];T.direction.setFromMatrixPosition(E.matrixWorld),s.setFromMatrixPosition(E.target.matrixWorld),T.direction.sub(s),T.direction.transformDirection(m),d++}else if(E.isSpotLight){let T=i.spot[g];T.position.setFromMatrixPosition(E.matrixWorld),T.position.applyMatrix4(m),T.direction.setFromMatrixPosition(E.matrixWorld),s.setFromMatrixPosition(E.target.matrixWorld),T.direction.sub(s),T.direction.transformDirection(m),g++}else if(E.isRectAreaLight){let T=i.rectArea[v];T.position.setFromMatrixPosition(E.matrixWorld),T.position.applyMatrix4(m),o.identity(),r.copy(E.matrixWorld),r.premultiply(m),o.extractRotation(r),T.halfWidth.set(E.width*.5,0,0),T.halfHeight.set(0,E.height*.5,0),T.halfWidth.applyMatrix4(o),T.halfHeight.applyMatrix4(o),v++}else if(E.isPointLight){let T=i.point[p];T.position.setFromMatrixPosition(E.matrixWorld),T.position.applyMatrix4(m),p++}else if(E.isHemisphereLight){let T=i.hemi[f];T.direction.setFromMatrixPosition(E.matrixWorld),T.direction.transformDirection(m),f++}}}return{setup:a,setupView:c,state:i}}function bp(n){let e=new bS(n),t=[],i=[],s=[];function r(u){h.camera=u,t.length=0,i.length=0,s.length=0}function o(u){u.isLightProbeGrid?s.push(u):t.push(u)}function a(u){i.push(u)}function c(){e.setup(t),s.sort((u,d)=>u.priority-d.priority||u.id-d.id)}function l(u){e.setupView(t,u)}let h={lightsArray:t,shadowsArray:i,lightProbeGridArray:s,camera:null,lights:e,transmissionRenderTarget:{},textureUnits:0};return{init:r,state:h,setupLights:c,setupLightsView:l,pushLight:o,pushShadow:a}}function MS(n){let e=new WeakMap;function t(s,r=0){let o=e.get(s),a;return o===void 0?(a=new bp(n),e.set(s,[a])):r>=o.length?(a=new bp(n),o.push(a)):a=o[r],a}function i(){e=new WeakMap}return{get:t,dispose:i}}var ES=`void main() {
	gl_Position = vec4( position, 1.0 );
}`,AS=`uniform sampler2D shadow_pass;
uniform vec2 resolution;
uniform float radius;
void main() {
	const float samples = float( VSM_SAMPLES );
	float mean = 0.0;
	float squared_mean = 0.0;
	float uvStride = samples <= 1.0 ? 0.0 : 2.0 / ( samples - 1.0 );
	float uvStart = samples <= 1.0 ? 0.0 : - 1.0;
	for ( float i = 0.0; i < samples; i ++ ) {
		float uvOffset = uvStart + i * uvStride;
		#ifdef HORIZONTAL_PASS
			vec2 distribution = texture2D( shadow_pass, ( gl_FragCoord.xy + vec2( uvOffset, 0.0 ) * radius ) / resolution ).rg;
			mean += distribution.x;
			squared_mean += distribution.y * distribution.y + distribution.x * distribution.x;
		#else
			float depth = texture2D( shadow_pass, ( gl_FragCoord.xy + vec2( 0.0, uvOffset ) * radius ) / resolution ).r;
			mean += depth;
			squared_mean += depth * depth;
		#endif
	}
	mean = mean / samples;
	squared_mean = squared_mean / samples;
	float std_dev = sqrt( max( 0.0, squared_mean - mean * mean ) );
	gl_FragColor = vec4( mean, std_dev, 0.0, 1.0 );
}`,TS=[new F(1,0,0),new F(-1,0,0),new F(0,1,0),new F(0,-1,0),new F(0,0,1),new F(0,0,-1)],wS=[new F(0,-1,0),new F(0,-1,0),new F(0,0,1),new F(0,0,-1),new F(0,-1,0),new F(0,-1,0)],Mp=new Je,Er=new F,ph=new F;function RS(n,e,t){let i=new Bn,s=new ke,r=new ke,o=new at,a=new la,c=new ca,l={},h=t.maxTextureSize,u={[En]:Ft,[Ft]:En,[nn]:nn},d=new Mn({defines:{VSM_SAMPLES:8},uniforms:{shadow_pass:{value:null},resolution:{value:new ke},radius:{value:4}},vertexShader:ES,fragmentShader:AS}),p=d.clone();p.defines.HORIZONTAL_PASS=1;let g=new Xt;g.setAttribute("position",new It(new Float32Array([-1,-1,.5,3,-1,.5,-1,3,.5]),3));let v=new zt(g,d),f=this;this.enabled=!1,this.autoUpdate=!0,this.needsUpdate=!1,this.type=gr;let m=this.type;this.render=function(A,_,M){if(f.enabled===!1||f.autoUpdate===!1&&f.needsUpdate===!1||A.length===0)return;this.type===mf&&(Re("WebGLShadowMap: PCFSoftShadowMap has been removed. Using PCFShadowMap instead."),this.type=gr);let B=n.getRenderTarget(),N=n.getActiveCubeFace(),L=n.getActiveMipmapLevel(),z=n.state;z.setBlending(wi),z.buffers.depth.getReversed()===!0?z.buffers.color.setClear(0,0,0,0):z.buffers.color.setClear(1,1,1,1),z.buffers.depth.setTest(!0),z.setScissorTest(!1);let Y=m!==this.type;Y&&_.traverse(function(C){C.material&&(Array.isArray(C.material)?C.material.forEach(W=>W.needsUpdate=!0):C.material.needsUpdate=!0)});for(let C=0,W=A.length;C<W;C++){let Z=A[C],V=Z.shadow;if(V===void 0){Re("WebGLShadowMap:",Z,"has no shadow.");continue}if(V.autoUpdate===!1&&V.needsUpdate===!1)continue;s.copy(V.mapSize);let ne=V.getFrameExtents();s.multiply(ne),r.copy(V.mapSize),(s.x>h||s.y>h)&&(s.x>h&&(r.x=Math.floor(h/ne.x),s.x=r.x*ne.x,V.mapSize.x=r.x),s.y>h&&(r.y=Math.floor(h/ne.y),s.y=r.y*ne.y,V.mapSize.y=r.y));let H=n.state.buffers.depth.getReversed();if(V.camera._reversedDepth=H,V.map===null||Y===!0){if(V.map!==null&&(V.map.depthTexture!==null&&(V.map.depthTexture.dispose(),V.map.depthTexture=null),V.map.dispose()),this.type===hs){if(Z.isPointLight){Re("WebGLShadowMap: VSM shadow maps are not supported for PointLights. Use PCF or BasicShadowMap instead.");continue}V.map=new Wt(s.x,s.y,{format:li,type:dn,minFilter:Ut,magFilter:Ut,generateMipmaps:!1}),V.map.texture.name=Z.name+".shadowMap",V.map.depthTexture=new kn(s.x,s.y,sn),V.map.depthTexture.name=Z.name+".shadowMapDepth",V.map.depthTexture.format=On,V.map.depthTexture.compareFunction=null,V.map.depthTexture.minFilter=St,V.map.depthTexture.magFilter=St}else Z.isPointLight?(V.map=new Tr(s.x),V.map.depthTexture=new hr(s.x,un)):(V.map=new Wt(s.x,s.y),V.map.depthTexture=new kn(s.x,s.y,un)),V.map.depthTexture.name=Z.name+".shadowMap",V.map.depthTexture.format=On,this.type===gr?(V.map.depthTexture.compareFunction=H?rh:sh,V.map.depthTexture.minFilter=Ut,V.map.depthTexture.magFilter=Ut):(V.map.depthTexture.compareFunction=null,V.map.depthTexture.minFilter=St,V.map.depthTexture.magFilter=St);V.camera.updateProjectionMatrix()}V.map.isWebGLCubeRenderTarget!==!0&&(V.map.width!==s.x||V.map.height!==s.y)&&V.map.setSize(s.x,s.y);let Q=V.map.isWebGLCubeRenderTarget?6:V.getViewportCount();Z.isPointLight!==!0&&V.updateMatrices(Z,M);let j=(V.camera.layers.mask&4294967294)!==0?V.camera.layers:M.layers;for(let be=0;be<Q;be++){let Le=V.getCamera(be);if(Z.isPointLight){let q=V.camera,me=V.matrix,ye=Z.distance||q.far;ye!==q.far&&(q.far=ye,q.updateProjectionMatrix()),Er.setFromMatrixPosition(Z.matrixWorld),q.position.copy(Er),ph.copy(q.position),ph.add(TS[be]),q.up.copy(wS[be]),q.lookAt(ph),q.updateMatrixWorld(),me.makeTranslation(-Er.x,-Er.y,-Er.z),Mp.multiplyMatrices(q.projectionMatrix,q.matrixWorldInverse),V._frustum.setFromProjectionMatrix(Mp,q.coordinateSystem,q.reversedDepth)}if(V.map.isWebGLCubeRenderTarget)n.setRenderTarget(V.map,be),n.clear();else{be===0&&(n.setRenderTarget(V.map),n.clear());let q=V.getViewport(be);o.set(r.x*q.x,r.y*q.y,r.x*q.z,r.y*q.w),z.viewport(o)}i=V.getFrustum(be),E(_,M,Le,Z,j,this.type)}V.isPointLightShadow!==!0&&this.type===hs&&S(V,M),V.needsUpdate=!1}m=this.type,f.needsUpdate=!1,n.setRenderTarget(B,N,L)};function S(A,_){let M=e.update(v);d.defines.VSM_SAMPLES!==A.blurSamples&&(d.defines.VSM_SAMPLES=A.blurSamples,p.defines.VSM_SAMPLES=A.blurSamples,d.needsUpdate=!0,p.needsUpdate=!0),A.mapPass===null?A.mapPass=new Wt(s.x,s.y,{format:li,type:dn}):(A.mapPass.width!==A.map.width||A.mapPass.height!==A.map.height)&&A.mapPass.setSize(A.map.width,A.map.height),d.uniforms.shadow_pass.value=A.map.depthTexture,d.uniforms.resolution.value.set(A.map.width,A.map.height),d.uniforms.radius.value=A.radius,n.setRenderTarget(A.mapPass),n.clear(),n.renderBufferDirect(_,null,M,d,v,null),p.uniforms.shadow_pass.value=A.mapPass.texture,p.uniforms.resolution.value.set(A.map.width,A.map.height),p.uniforms.radius.value=A.radius,n.setRenderTarget(A.map),n.clear(),n.renderBufferDirect(_,null,M,p,v,null)}function w(A,_,M,B){let N=null,L=M.isPointLight===!0?A.customDistanceMaterial:A.customDepthMaterial;if(L!==void 0)N=L;else if(N=M.isPointLight===!0?c:a,n.localClippingEnabled&&_.clipShadows===!0&&Array.isArray(_.clippingPlanes)&&_.clippingPlanes.length!==0||_.displacementMap&&_.displacementScale!==0||_.alphaMap&&_.alphaTest>0||_.map&&_.alphaTest>0||_.alphaToCoverage===!0){let z=N.uuid,Y=_.uuid,C=l[z];C===void 0&&(C={},l[z]=C);let W=C[Y];W===void 0&&(W=N.clone(),C[Y]=W,_.addEventListener("dispose",T)),N=W}if(N.visible=_.visible,N.wireframe=_.wireframe,B===hs?N.side=_.shadowSide!==null?_.shadowSide:_.side:N.side=_.shadowSide!==null?_.shadowSide:u[_.side],N.alphaMap=_.alphaMap,N.alphaTest=_.alphaToCoverage===!0?.5:_.alphaTest,N.map=_.map,N.clipShadows=_.clipShadows,N.clippingPlanes=_.clippingPlanes,N.clipIntersection=_.clipIntersection,N.displacementMap=_.displacementMap,N.displacementScale=_.displacementScale,N.displacementBias=_.displacementBias,N.wireframeLinewidth=_.wireframeLinewidth,N.linewidth=_.linewidth,M.isPointLight===!0&&N.isMeshDistanceMaterial===!0){let z=n.properties.get(N);z.light=M}return N}function E(A,_,M,B,N,L){if(A.visible===!1)return;if(A.layers.test(N)&&(A.isMesh||A.isLine||A.isPoints)&&(A.castShadow||A.receiveShadow&&L===hs)&&(!A.frustumCulled||A.intersectsFrustum(i))){A.modelViewMatrix.multiplyMatrices(M.matrixWorldInverse,A.matrixWorld);let C=e.update(A),W=A.material;if(Array.isArray(W)){let Z=C.groups;for(let V=0,ne=Z.length;V<ne;V++){let H=Z[V],Q=W[H.materialIndex];if(Q&&Q.visible){let j=w(A,Q,B,L);A.onBeforeShadow(n,A,_,M,C,j,H),n.renderBufferDirect(M,null,C,j,A,H),A.onAfterShadow(n,A,_,M,C,j,H)}}}else if(W.visible){let Z=w(A,W,B,L);A.onBeforeShadow(n,A,_,M,C,Z,null),n.renderBufferDirect(M,null,C,Z,A,null),A.onAfterShadow(n,A,_,M,C,Z,null)}}let Y=A.children;for(let C=0,W=Y.length;C<W;C++)E(Y[C],_,M,B,N,L)}function T(A){A.target.removeEventListener("dispose",T);for(let M in l){let B=l[M],N=A.target.uuid;N in B&&(B[N].dispose(),delete B[N])}}}function IS(n,e){function t(){let R=!1,$=new at,G=null,le=new at(0,0,0,0);return{setMask:function(se){G!==se&&!R&&(n.colorMask(se,se,se,se),G=se)},setLocked:function(se){R=se},setClear:function(se,oe,Ee,Fe,ie){ie===!0&&(se*=Fe,oe*=Fe,Ee*=Fe),$.set(se,oe,Ee,Fe),le.equals($)===!1&&(n.clearColor(se,oe,Ee,Fe),le.copy($))},reset:function(){R=!1,G=null,le.set(-1,0,0,0)}}}function i(){let R=!1,$=!1,G=null,le=null,se=null;return{setReversed:function(oe){if($!==oe){let Ee=e.get("EXT_clip_control");oe?Ee.clipControlEXT(Ee.LOWER_LEFT_EXT,Ee.ZERO_TO_ONE_EXT):Ee.clipControlEXT(Ee.LOWER_LEFT_EXT,Ee.NEGATIVE_ONE_TO_ONE_EXT),$=oe;let Fe=se;se=null,this.setClear(Fe)}},getReversed:function(){return $},setTest:function(oe){oe?ge(n.DEPTH_TEST):Ue(n.DEPTH_TEST)},setMask:function(oe){G!==oe&&!R&&(n.depthMask(oe),G=oe)},setFunc:function(oe){if($&&(oe=qf[oe]),le!==oe){switch(oe){case Go:n.depthFunc(n.NEVER);break;case Ho:n.depthFunc(n.ALWAYS);break;case Wo:n.depthFunc(n.LESS);break;case is:n.depthFunc(n.LEQUAL);break;case Xo:n.depthFunc(n.EQUAL);break;case Yo:n.depthFunc(n.GEQUAL);break;case Ko:n.depthFunc(n.GREATER);break;case qo:n.depthFunc(n.NOTEQUAL);break;default:n.depthFunc(n.LEQUAL)}le=oe}},setLocked:function(oe){R=oe},setClear:function(oe){se!==oe&&(se=oe,$&&(oe=1-oe),n.clearDepth(oe))},reset:function(){R=!1,G=null,le=null,se=null,$=!1}}}function s(){let R=!1,$=null,G=null,le=null,se=null,oe=null,Ee=null,Fe=null,ie=null;return{setTest:function(Ae){R||(Ae?ge(n.STENCIL_TEST):Ue(n.STENCIL_TEST))},setMask:function(Ae){$!==Ae&&!R&&(n.stencilMask(Ae),$=Ae)},setFunc:function(Ae,Oe,fe){(G!==Ae||le!==Oe||se!==fe)&&(n.stencilFunc(Ae,Oe,fe),G=Ae,le=Oe,se=fe)},setOp:function(Ae,Oe,fe){(oe!==Ae||Ee!==Oe||Fe!==fe)&&(n.stencilOp(Ae,Oe,fe),oe=Ae,Ee=Oe,Fe=fe)},setLocked:function(Ae){R=Ae},setClear:function(Ae){ie!==Ae&&(n.clearStencil(Ae),ie=Ae)},reset:function(){R=!1,$=null,G=null,le=null,se=null,oe=null,Ee=null,Fe=null,ie=null}}}let r=new t,o=new i,a=new s,c={},l=new WeakMap,h={},u={},d={},p=new WeakMap,g=[],v=null,f=!1,m=null,S=null,w=null,E=null,T=null,A=null,_=null,M=new Ve(0,0,0),B=0,N=!1,L=null,z=null,Y=null,C=null,W=null,Z=n.getParameter(n.MAX_COMBINED_TEXTURE_IMAGE_UNITS),V=!1,ne=0,H=n.getParameter(n.VERSION);H.indexOf("WebGL")!==-1?(ne=parseFloat(/^WebGL (\d)/.exec(H)[1]),V=ne>=1):H.indexOf("OpenGL ES")!==-1&&(ne=parseFloat(/^OpenGL ES (\d)/.exec(H)[1]),V=ne>=2);let Q=null,j={},be=n.getParameter(n.SCISSOR_BOX),Le=n.getParameter(n.VIEWPORT),q=new at().fromArray(be),me=new at().fromArray(Le);function ye(R,$,G,le){let se=new Uint8Array(4),oe=n.createTexture();n.bindTexture(R,oe),n.texParameteri(R,n.TEXTURE_MIN_FILTER,n.NEAREST),n.texParameteri(R,n.TEXTURE_MAG_FILTER,n.NEAREST);for(let Ee=0;Ee<G;Ee++)R===n.TEXTURE_3D||R===n.TEXTURE_2D_ARRAY?n.texImage3D($,0,n.RGBA,1,1,le,0,n.RGBA,n.UNSIGNED_BYTE,se):n.texImage2D($+Ee,0,n.RGBA,1,1,0,n.RGBA,n.UNSIGNED_BYTE,se);return oe}let Te={};Te[n.TEXTURE_2D]=ye(n.TEXTURE_2D,n.TEXTURE_2D,1),Te[n.TEXTURE_CUBE_MAP]=ye(n.TEXTURE_CUBE_MAP,n.TEXTURE_CUBE_MAP_POSITIVE_X,6),Te[n.TEXTURE_2D_ARRAY]=ye(n.TEXTURE_2D_ARRAY,n.TEXTURE_2D_ARRAY,1,1),Te[n.TEXTURE_3D]=ye(n.TEXTURE_3D,n.TEXTURE_3D,1,1),r.setClear(0,0,0,1),o.setClear(1),a.setClear(0),ge(n.DEPTH_TEST),o.setFunc(is),Bt(!1),rt(Oc),ge(n.CULL_FACE),bt(wi);function ge(R){h[R]!==!0&&(n.enable(R),h[R]=!0)}function Ue(R){h[R]!==!1&&(n.disable(R),h[R]=!1)}function ct(R,$){return d[R]!==$?(n.bindFramebuffer(R,$),d[R]=$,R===n.DRAW_FRAMEBUFFER&&(d[n.FRAMEBUFFER]=$),R===n.FRAMEBUFFER&&(d[n.DRAW_FRAMEBUFFER]=$),!0):!1}function Ie(R,$){let G=g,le=!1;if(R){G=p.get($),G===void 0&&(G=[],p.set($,G));let se=R.textures;if(G.length!==se.length||G[0]!==n.COLOR_ATTACHMENT0){for(let oe=0,Ee=se.length;oe<Ee;oe++)G[oe]=n.COLOR_ATTACHMENT0+oe;G.length=se.length,le=!0}}else G[0]!==n.BACK&&(G[0]=n.BACK,le=!0);le&&n.drawBuffers(G)}function $e(R){return v!==R?(n.useProgram(R),v=R,!0):!1}let Qe={[Ri]:n.FUNC_ADD,[_f]:n.FUNC_SUBTRACT,[xf]:n.FUNC_REVERSE_SUBTRACT};Qe[yf]=n.MIN,Qe[vf]=n.MAX;let Ge={[Sf]:n.ZERO,[bf]:n.ONE,[Mf]:n.SRC_COLOR,[zc]:n.SRC_ALPHA,[If]:n.SRC_ALPHA_SATURATE,[wf]:n.DST_COLOR,[Af]:n.DST_ALPHA,[Ef]:n.ONE_MINUS_SRC_COLOR,[Vc]:n.ONE_MINUS_SRC_ALPHA,[Rf]:n.ONE_MINUS_DST_COLOR,[Tf]:n.ONE_MINUS_DST_ALPHA,[Cf]:n.CONSTANT_COLOR,[Nf]:n.ONE_MINUS_CONSTANT_COLOR,[Pf]:n.CONSTANT_ALPHA,[Lf]:n.ONE_MINUS_CONSTANT_ALPHA};function bt(R,$,G,le,se,oe,Ee,Fe,ie,Ae){if(R===wi){f===!0&&(Ue(n.BLEND),f=!1);return}if(f===!1&&(ge(n.BLEND),f=!0),R!==gf){if(R!==m||Ae!==N){if((S!==Ri||T!==Ri)&&(n.blendEquation(n.FUNC_ADD),S=Ri,T=Ri),Ae)switch(R){case us:n.blendFuncSeparate(n.ONE,n.ONE_MINUS_SRC_ALPHA,n.ONE,n.ONE_MINUS_SRC_ALPHA);break;case Fc:n.blendFunc(n.ONE,n.ONE);break;case Bc:n.blendFuncSeparate(n.ZERO,n.ONE_MINUS_SRC_COLOR,n.ZERO,n.ONE);break;case kc:n.blendFuncSeparate(n.DST_COLOR,n.ONE_MINUS_SRC_ALPHA,n.ZERO,n.ONE);break;default:Ce("WebGLState: Invalid blending: ",R);break}else switch(R){case us:n.blendFuncSeparate(n.SRC_ALPHA,n.ONE_MINUS_SRC_ALPHA,n.ONE,n.ONE_MINUS_SRC_ALPHA);break;case Fc:n.blendFuncSeparate(n.SRC_ALPHA,n.ONE,n.ONE,n.ONE);break;case Bc:Ce("WebGLState: SubtractiveBlending requires material.premultipliedAlpha = true");break;case kc:Ce("WebGLState: MultiplyBlending requires material.premultipliedAlpha = true");break;default:Ce("WebGLState: Invalid blending: ",R);break}w=null,E=null,A=null,_=null,M.set(0,0,0),B=0,m=R,N=Ae}return}se=se||$,oe=oe||G,Ee=Ee||le,($!==S||se!==T)&&(n.blendEquationSeparate(Qe[$],Qe[se]),S=$,T=se),(G!==w||le!==E||oe!==A||Ee!==_)&&(n.blendFuncSeparate(Ge[G],Ge[le],Ge[oe],Ge[Ee]),w=G,E=le,A=oe,_=Ee),(Fe.equals(M)===!1||ie!==B)&&(n.blendColor(Fe.r,Fe.g,Fe.b,ie),M.copy(Fe),B=ie),m=R,N=!1}function ft(R,$){R.side===nn?Ue(n.CULL_FACE):ge(n.CULL_FACE);let G=R.side===Ft;$&&(G=!G),Bt(G),R.blending===us&&R.transparent===!1?bt(wi):bt(R.blending,R.blendEquation,R.blendSrc,R.blendDst,R.blendEquationAlpha,R.blendSrcAlpha,R.blendDstAlpha,R.blendColor,R.blendAlpha,R.premultipliedAlpha),o.setFunc(R.depthFunc),o.setTest(R.depthTest),o.setMask(R.depthWrite),r.setMask(R.colorWrite);let le=R.stencilWrite;a.setTest(le),le&&(a.setMask(R.stencilWriteMask),a.setFunc(R.stencilFunc,R.stencilRef,R.stencilFuncMask),a.setOp(R.stencilFail,R.stencilZFail,R.stencilZPass)),_t(R.polygonOffset,R.polygonOffsetFactor,R.polygonOffsetUnits),R.alphaToCoverage===!0?ge(n.SAMPLE_ALPHA_TO_COVERAGE):Ue(n.SAMPLE_ALPHA_TO_COVERAGE)}function Bt(R){L!==R&&(R?n.frontFace(n.CW):n.frontFace(n.CCW),L=R)}function rt(R){R!==ff?(ge(n.CULL_FACE),R!==z&&(R===Oc?n.cullFace(n.BACK):R===pf?n.cullFace(n.FRONT):n.cullFace(n.FRONT_AND_BACK))):Ue(n.CULL_FACE),z=R}function pn(R){R!==Y&&(V&&n.lineWidth(R),Y=R)}function _t(R,$,G){R?(ge(n.POLYGON_OFFSET_FILL),(C!==$||W!==G)&&(C=$,W=G,o.getReversed()&&($=-$,G=-G),n.polygonOffset($,G))):Ue(n.POLYGON_OFFSET_FILL)}function qt(R){R?ge(n.SCISSOR_TEST):Ue(n.SCISSOR_TEST)}function $t(R){R===void 0&&(R=n.TEXTURE0+Z-1),Q!==R&&(n.activeTexture(R),Q=R)}function Zt(R,$,G){G===void 0&&(Q===null?G=n.TEXTURE0+Z-1:G=Q);let le=j[G];le===void 0&&(le={type:void 0,texture:void 0},j[G]=le),(le.type!==R||le.texture!==$)&&(Q!==G&&(n.activeTexture(G),Q=G),n.bindTexture(R,$||Te[R]),le.type=R,le.texture=$)}function P(){let R=j[Q];R!==void 0&&R.type!==void 0&&(n.bindTexture(R.type,null),R.type=void 0,R.texture=void 0)}function Jt(){try{n.compressedTexImage2D(...arguments)}catch(R){Ce("WebGLState:",R)}}function it(){try{n.compressedTexImage3D(...arguments)}catch(R){Ce("WebGLState:",R)}}function st(){try{n.texSubImage2D(...arguments)}catch(R){Ce("WebGLState:",R)}}function de(){try{n.texSubImage3D(...arguments)}catch(R){Ce("WebGLState:",R)}}function pt(){try{n.compressedTexSubImage2D(...arguments)}catch(R){Ce("WebGLState:",R)}}function we(){try{n.compressedTexSubImage3D(...arguments)}catch(R){Ce("WebGLState:",R)}}function Pe(){try{n.texStorage2D(...arguments)}catch(R){Ce("WebGLState:",R)}}function b(){try{n.texStorage3D(...arguments)}catch(R){Ce("WebGLState:",R)}}function x(){try{n.texImage2D(...arguments)}catch(R){Ce("WebGLState:",R)}}function U(){try{n.texImage3D(...arguments)}catch(R){Ce("WebGLState:",R)}}function te(R){return u[R]!==void 0?u[R]:n.getParameter(R)}function J(R,$){u[R]!==$&&(n.pixelStorei(R,$),u[R]=$)}function re(R){q.equals(R)===!1&&(n.scissor(R.x,R.y,R.z,R.w),q.copy(R))}function he(R){me.equals(R)===!1&&(n.viewport(R.x,R.y,R.z,R.w),me.copy(R))}function X(R,$){let G=l.get($);G===void 0&&(G=new WeakMap,l.set($,G));let le=G.get(R);le===void 0&&(le=n.getUniformBlockIndex($,R.name),n.uniformBlockBinding($,le,le),G.set(R,le))}function K(R,$,G){let se=l.get($).get(R);c[se]!==G&&(n.bindBufferBase(n.UNIFORM_BUFFER,se,G),c[se]=G)}function ae(){n.disable(n.BLEND),n.disable(n.CULL_FACE),n.disable(n.DEPTH_TEST),n.disable(n.POLYGON_OFFSET_FILL),n.disable(n.SCISSOR_TEST),n.disable(n.STENCIL_TEST),n.disable(n.SAMPLE_ALPHA_TO_COVERAGE),n.blendEquation(n.FUNC_ADD),n.blendFunc(n.ONE,n.ZERO),n.blendFuncSeparate(n.ONE,n.ZERO,n.ONE,n.ZERO),n.blendColor(0,0,0,0),n.colorMask(!0,!0,!0,!0),n.clearColor(0,0,0,0),n.depthMask(!0),n.depthFunc(n.LESS),o.setReversed(!1),n.clearDepth(1),n.stencilMask(4294967295),n.stencilFunc(n.ALWAYS,0,4294967295),n.stencilOp(n.KEEP,n.KEEP,n.KEEP),n.clearStencil(0),n.cullFace(n.BACK),n.frontFace(n.CCW),n.polygonOffset(0,0),n.activeTexture(n.TEXTURE0),n.bindFramebuffer(n.FRAMEBUFFER,null),n.bindFramebuffer(n.DRAW_FRAMEBUFFER,null),n.bindFramebuffer(n.READ_FRAMEBUFFER,null),n.useProgram(null),n.lineWidth(1),n.scissor(0,0,n.canvas.width,n.canvas.height),n.viewport(0,0,n.canvas.width,n.canvas.height),n.pixelStorei(n.PACK_ALIGNMENT,4),n.pixelStorei(n.UNPACK_ALIGNMENT,4),n.pixelStorei(n.UNPACK_FLIP_Y_WEBGL,!1),n.pixelStorei(n.UNPACK_PREMULTIPLY_ALPHA_WEBGL,!1),n.pixelStorei(n.UNPACK_COLORSPACE_CONVERSION_WEBGL,n.BROWSER_DEFAULT_WEBGL),n.pixelStorei(n.PACK_ROW_LENGTH,0),n.pixelStorei(n.PACK_SKIP_PIXELS,0),n.pixelStorei(n.PACK_SKIP_ROWS,0),n.pixelStorei(n.UNPACK_ROW_LENGTH,0),n.pixelStorei(n.UNPACK_IMAGE_HEIGHT,0),n.pixelStorei(n.UNPACK_SKIP_PIXELS,0),n.pixelStorei(n.UNPACK_SKIP_ROWS,0),n.pixelStorei(n.UNPACK_SKIP_IMAGES,0),h={},u={},Q=null,j={},d={},c={},p=new WeakMap,g=[],v=null,f=!1,m=null,S=null,w=null,E=null,T=null,A=null,_=null,M=new Ve(0,0,0),B=0,N=!1,L=null,z=null,Y=null,C=null,W=null,q.set(0,0,n.canvas.width,n.canvas.height),me.set(0,0,n.canvas.width,n.canvas.height),r.reset(),o.reset(),a.reset()}return{buffers:{color:r,depth:o,stencil:a},enable:ge,disable:Ue,bindFramebuffer:ct,drawBuffers:Ie,useProgram:$e,setBlending:bt,setMaterial:ft,setFlipSided:Bt,setCullFace:rt,setLineWidth:pn,setPolygonOffset:_t,setScissorTest:qt,activeTexture:$t,bindTexture:Zt,unbindTexture:P,compressedTexImage2D:Jt,compressedTexImage3D:it,texImage2D:x,texImage3D:U,pixelStorei:J,getParameter:te,updateUBOMapping:X,uniformBlockBinding:K,texStorage2D:Pe,texStorage3D:b,texSubImage2D:st,texSubImage3D:de,compressedTexSubImage2D:pt,compressedTexSubImage3D:we,scissor:re,viewport:he,reset:ae}}function CS(n,e,t,i,s,r,o){let a=e.has("WEBGL_multisampled_render_to_texture")?e.get("WEBGL_multisampled_render_to_texture"):null,c=typeof navigator>"u"?!1:/OculusBrowser/g.test(navigator.userAgent),l=new ke,h=new WeakMap,u=new Set,d,p=new WeakMap,g=new Set,v=new FinalizationRegistry(b=>g.delete(b)),f=!1;try{f=typeof OffscreenCanvas<"u"&&new OffscreenCanvas(1,1).getContext("2d")!==null}catch{}function m(b,x){return f?new OffscreenCanvas(b,x):qs("canvas")}function S(b,x,U){let te=1,J=Pe(b);if((J.width>U||J.height>U)&&(te=U/Math.max(J.width,J.height)),te<1)if(typeof HTMLImageElement<"u"&&b instanceof HTMLImageElement||typeof HTMLCanvasElement<"u"&&b instanceof HTMLCanvasElement||typeof ImageBitmap<"u"&&b instanceof ImageBitmap||typeof VideoFrame<"u"&&b instanceof VideoFrame){let re=Math.floor(te*J.width),he=Math.floor(te*J.height);d===void 0&&(d=m(re,he));let X=x?m(re,he):d;return X.width=re,X.height=he,X.getContext("2d").drawImage(b,0,0,re,he),Re("WebGLRenderer: Texture has been resized from ("+J.width+"x"+J.height+") to ("+re+"x"+he+")."),X}else return"data"in b&&Re("WebGLRenderer: Image in DataTexture is too big ("+J.width+"x"+J.height+")."),b;return b}function w(b){return b.generateMipmaps}function E(b){n.generateMipmap(b)}function T(b){return b.isWebGLCubeRenderTarget?n.TEXTURE_CUBE_MAP:b.isWebGL3DRenderTarget?n.TEXTURE_3D:b.isWebGLArrayRenderTarget||b.isCompressedArrayTexture?n.TEXTURE_2D_ARRAY:n.TEXTURE_2D}function A(b,x,U,te,J,re=!1){if(b!==null){if(n[b]!==void 0)return n[b];Re("WebGLRenderer: Attempt to use non-existing WebGL internal format '"+b+"'")}let he;te&&(he=e.get("EXT_texture_norm16"),he||Re("WebGLRenderer: Unable to use normalized textures without EXT_texture_norm16 extension"));let X=x;if(x===n.RED&&(U===n.FLOAT&&(X=n.R32F),U===n.HALF_FLOAT&&(X=n.R16F),U===n.UNSIGNED_BYTE&&(X=n.R8),U===n.UNSIGNED_SHORT&&he&&(X=he.R16_EXT),U===n.SHORT&&he&&(X=he.R16_SNORM_EXT)),x===n.RED_INTEGER&&(U===n.UNSIGNED_BYTE&&(X=n.R8UI),U===n.UNSIGNED_SHORT&&(X=n.R16UI),U===n.UNSIGNED_INT&&(X=n.R32UI),U===n.BYTE&&(X=n.R8I),U===n.SHORT&&(X=n.R16I),U===n.INT&&(X=n.R32I)),x===n.RG&&(U===n.FLOAT&&(X=n.RG32F),U===n.HALF_FLOAT&&(X=n.RG16F),U===n.UNSIGNED_BYTE&&(X=n.RG8),U===n.UNSIGNED_SHORT&&he&&(X=he.RG16_EXT),U===n.SHORT&&he&&(X=he.RG16_SNORM_EXT)),x===n.RG_INTEGER&&(U===n.UNSIGNED_BYTE&&(X=n.RG8UI),U===n.UNSIGNED_SHORT&&(X=n.RG16UI),U===n.UNSIGNED_INT&&(X=n.RG32UI),U===n.BYTE&&(X=n.RG8I),U===n.SHORT&&(X=n.RG16I),U===n.INT&&(X=n.RG32I)),x===n.RGB_INTEGER&&(U===n.UNSIGNED_BYTE&&(X=n.RGB8UI),U===n.UNSIGNED_SHORT&&(X=n.RGB16UI),U===n.UNSIGNED_INT&&(X=n.RGB32UI),U===n.BYTE&&(X=n.RGB8I),U===n.SHORT&&(X=n.RGB16I),U===n.INT&&(X=n.RGB32I)),x===n.RGBA_INTEGER&&(U===n.UNSIGNED_BYTE&&(X=n.RGBA8UI),U===n.UNSIGNED_SHORT&&(X=n.RGBA16UI),U===n.UNSIGNED_INT&&(X=n.RGBA32UI),U===n.BYTE&&(X=n.RGBA8I),U===n.SHORT&&(X=n.RGBA16I),U===n.INT&&(X=n.RGBA32I)),x===n.RGB&&(U===n.UNSIGNED_SHORT&&he&&(X=he.RGB16_EXT),U===n.SHORT&&he&&(X=he.RGB16_SNORM_EXT),U===n.UNSIGNED_INT_5_9_9_9_REV&&(X=n.RGB9_E5),U===n.UNSIGNED_INT_10F_11F_11F_REV&&(X=n.R11F_G11F_B10F)),x===n.RGBA){let K=re?Ys:ze.getTransfer(J);U===n.FLOAT&&(X=n.RGBA32F),U===n.HALF_FLOAT&&(X=n.RGBA16F),U===n.UNSIGNED_BYTE&&(X=K===qe?n.SRGB8_ALPHA8:n.RGBA8),U===n.UNSIGNED_SHORT&&he&&(X=he.RGBA16_EXT),U===n.SHORT&&he&&(X=he.RGBA16_SNORM_EXT),U===n.UNSIGNED_SHORT_4_4_4_4&&(X=n.RGBA4),U===n.UNSIGNED_SHORT_5_5_5_1&&(X=n.RGB5_A1)}return(X===n.R16F||X===n.R32F||X===n.RG16F||X===n.RG32F||X===n.RGBA16F||X===n.RGBA32F)&&e.get("EXT_color_buffer_float"),X}function _(b,x){let U;return b?x===null||x===un||x===Ci?U=n.DEPTH24_STENCIL8:x===sn?U=n.DEPTH32F_STENCIL8:x===fs&&(U=n.DEPTH24_STENCIL8,Re("DepthTexture: 16 bit depth attachment is not supported with stencil. Using 24-bit attachment.")):x===null||x===un||x===Ci?U=n.DEPTH_COMPONENT24:x===sn?U=n.DEPTH_COMPONENT32F:x===fs&&(U=n.DEPTH_COMPONENT16),U}function M(b,x){return w(b)===!0||b.isFramebufferTexture&&b.minFilter!==St&&b.minFilter!==Ut?Math.log2(Math.max(x.width,x.height))+1:b.mipmaps.length>0?b.mipmaps.length:b.isCompressedTexture&&Array.isArray(b.image)?x.mipmaps.length:1}function B(b){let x=new WeakRef(b);i.get(b).__ref=x,g.add(x),v.register(b,x,x)}function N(b){let x=i.get(b).__ref;x!==void 0&&(g.delete(x),v.unregister(x))}function L(b){Y(b.target)}function z(b){C(b.target)}function Y(b){b.removeEventListener("dispose",L),N(b),Z(b),b.isVideoTexture&&h.delete(b),b.isHTMLTexture&&u.delete(b)}function C(b){b.removeEventListener("dispose",z),N(b),ne(b)}function W(){for(let b of g){let x=b.deref();x!==void 0&&(x.isRenderTarget===!0?C(x):Y(x))}g.clear(),u.clear()}function Z(b){let x=i.get(b);if(x.__webglInit===void 0)return;let U=b.source,te=p.get(U);if(te){let J=te[x.__cacheKey];J.usedTimes--,J.usedTimes===0&&V(b),Object.keys(te).length===0&&p.delete(U)}i.remove(b)}function V(b){let x=i.get(b);n.deleteTexture(x.__webglTexture);let U=b.source,te=p.get(U);delete te[x.__cacheKey],o.memory.textures--}function ne(b){let x=i.get(b);x.__depthDisposeCallback&&x.__depthDisposeCallback();let U=b.depthTexture;if(U&&U.renderTarget===b&&Y(U),b.isWebGLCubeRenderTarget)for(let J=0;J<6;J++){if(Array.isArray(x.__webglFramebuffer[J]))for(let re=0;re<x.__webglFramebuffer[J].length;re++)n.deleteFramebuffer(x.__webglFramebuffer[J][re]);else n.deleteFramebuffer(x.__webglFramebuffer[J]);x.__webglDepthbuffer&&n.deleteRenderbuffer(x.__webglDepthbuffer[J])}else{if(Array.isArray(x.__webglFramebuffer))for(let J=0;J<x.__webglFramebuffer.length;J++)n.deleteFramebuffer(x.__webglFramebuffer[J]);else n.deleteFramebuffer(x.__webglFramebuffer);if(x.__webglDepthbuffer&&n.deleteRenderbuffer(x.__webglDepthbuffer),x.__webglMultisampledFramebuffer&&n.deleteFramebuffer(x.__webglMultisampledFramebuffer),x.__webglColorRenderbuffer)for(let J=0;J<x.__webglColorRenderbuffer.length;J++)x.__webglColorRenderbuffer[J]&&n.deleteRenderbuffer(x.__webglColorRenderbuffer[J]);x.__webglDepthRenderbuffer&&n.deleteRenderbuffer(x.__webglDepthRenderbuffer)}let te=b.textures;for(let J=0,re=te.length;J<re;J++){let he=i.get(te[J]);he.__webglTexture&&(n.deleteTexture(he.__webglTexture),o.memory.textures--),i.remove(te[J])}i.remove(b)}let H=0;function Q(){H=0}function j(){return H}function be(b){H=b}function Le(){let b=H;return b>=s.maxTextures&&Re("WebGLTextures: Trying to use "+(b+1)+" texture units while this GPU supports only "+s.maxTextures),H+=1,b}function q(b){let x=[];return x.push(b.wrapS),x.push(b.wrapT),x.push(b.wrapR||0),x.push(b.magFilter),x.push(b.minFilter),x.push(b.anisotropy),x.push(b.internalFormat),x.push(b.format),x.push(b.type),x.push(b.generateMipmaps),x.push(b.mipmapsAutoUpdate),x.push(b.premultiplyAlpha),x.push(b.flipY),x.push(b.unpackAlignment),x.push(b.colorSpace),x.join()}function me(b,x){let U=i.get(b);if(b.isVideoTexture&&pt(b),b.isRenderTargetTexture===!1&&b.isExternalTexture!==!0&&b.version>0&&U.__version!==b.version){let te=b.image;if(te===null)Re("WebGLRenderer: Texture marked for update but no image data found.");else if(te.complete===!1)Re("WebGLRenderer: Texture marked for update but image is incomplete");else{ft(U,b,x);return}}else b.isExternalTexture&&(U.__webglTexture=b.sourceTexture?b.sourceTexture:null);t.bindTexture(n.TEXTURE_2D,U.__webglTexture,n.TEXTURE0+x)}function ye(b,x){let U=i.get(b);if(b.isRenderTargetTexture===!1&&b.version>0&&U.__version!==b.version){ft(U,b,x);return}else b.isExternalTexture&&(U.__webglTexture=b.sourceTexture?b.sourceTexture:null);t.bindTexture(n.TEXTURE_2D_ARRAY,U.__webglTexture,n.TEXTURE0+x)}function Te(b,x){let U=i.get(b);if(b.isRenderTargetTexture===!1&&b.version>0&&U.__version!==b.version){ft(U,b,x);return}t.bindTexture(n.TEXTURE_3D,U.__webglTexture,n.TEXTURE0+x)}function ge(b,x){let U=i.get(b);if(b.version>0&&U.__version!==b.version){Bt(U,b,x);return}t.bindTexture(n.TEXTURE_CUBE_MAP,U.__webglTexture,n.TEXTURE0+x)}let Ue={[$o]:n.REPEAT,[yn]:n.CLAMP_TO_EDGE,[Zo]:n.MIRRORED_REPEAT},ct={[St]:n.NEAREST,[Of]:n.NEAREST_MIPMAP_NEAREST,[_r]:n.NEAREST_MIPMAP_LINEAR,[Ut]:n.LINEAR,[Ea]:n.LINEAR_MIPMAP_NEAREST,[Vn]:n.LINEAR_MIPMAP_LINEAR},Ie={[zf]:n.NEVER,[oh]:n.ALWAYS,[Vf]:n.LESS,[sh]:n.LEQUAL,[Gf]:n.EQUAL,[rh]:n.GEQUAL,[Hf]:n.GREATER,[Wf]:n.NOTEQUAL};function $e(b,x){if(x.type===sn&&e.has("OES_texture_float_linear")===!1&&(x.magFilter===Ut||x.magFilter===Ea||x.magFilter===_r||x.magFilter===Vn||x.minFilter===Ut||x.minFilter===Ea||x.minFilter===_r||x.minFilter===Vn)&&Re("WebGLRenderer: Unable to use linear filtering with floating point textures. OES_texture_float_linear not supported on this device."),n.texParameteri(b,n.TEXTURE_WRAP_S,Ue[x.wrapS]),n.texParameteri(b,n.TEXTURE_WRAP_T,Ue[x.wrapT]),(b===n.TEXTURE_3D||b===n.TEXTURE_2D_ARRAY)&&n.texParameteri(b,n.TEXTURE_WRAP_R,Ue[x.wrapR]),n.texParameteri(b,n.TEXTURE_MAG_FILTER,ct[x.magFilter]),n.texParameteri(b,n.TEXTURE_MIN_FILTER,ct[x.minFilter]),x.compareFunction&&(n.texParameteri(b,n.TEXTURE_COMPARE_MODE,n.COMPARE_REF_TO_TEXTURE),n.texParameteri(b,n.TEXTURE_COMPARE_FUNC,Ie[x.compareFunction])),e.has("EXT_texture_filter_anisotropic")===!0){if(x.magFilter===St||x.minFilter!==_r&&x.minFilter!==Vn||x.type===sn&&e.has("OES_texture_float_linear")===!1)return;if(x.anisotropy>1||i.get(x).__currentAnisotropy){let U=e.get("EXT_texture_filter_anisotropic");n.texParameterf(b,U.TEXTURE_MAX_ANISOTROPY_EXT,Math.min(x.anisotropy,s.getMaxAnisotropy())),i.get(x).__currentAnisotropy=x.anisotropy}}}function Qe(b,x){let U=!1;b.__webglInit===void 0&&(b.__webglInit=!0,x.addEventListener("dispose",L),B(x));let te=x.source,J=p.get(te);J===void 0&&(J={},p.set(te,J));let re=q(x);if(re!==b.__cacheKey){J[re]===void 0&&(J[re]={texture:n.createTexture(),usedTimes:0},o.memory.textures++,U=!0),J[re].usedTimes++;let he=J[b.__cacheKey];he!==void 0&&(J[b.__cacheKey].usedTimes--,he.usedTimes===0&&V(x)),b.__cacheKey=re,b.__webglTexture=J[re].texture}return U}function Ge(b,x,U){return Math.floor(Math.floor(b/U)/x)}function bt(b,x,U,te){let re=b.updateRanges;if(re.length===0)t.texSubImage2D(n.TEXTURE_2D,0,0,0,x.width,x.height,U,te,x.data);else{re.sort((R,$)=>R.start-$.start);let he=0;for(let R=1;R<re.length;R++){let $=re[he],G=re[R],le=$.start+$.count,se=Ge(G.start,x.width,4),oe=Ge($.start,x.width,4);G.start<=le+1&&se===oe&&Ge(G.start+G.count-1,x.width,4)===se?$.count=Math.max($.count,G.start+G.count-$.start):(++he,re[he]=G)}re.length=he+1;let X=t.getParameter(n.UNPACK_ROW_LENGTH),K=t.getParameter(n.UNPACK_SKIP_PIXELS),ae=t.getParameter(n.UNPACK_SKIP_ROWS);t.pixelStorei(n.UNPACK_ROW_LENGTH,x.width);for(let R=0,$=re.length;R<$;R++){let G=re[R],le=Math.floor(G.start/4),se=Math.ceil(G.count/4),oe=le%x.width,Ee=Math.floor(le/x.width),Fe=se,ie=1;t.pixelStorei(n.UNPACK_SKIP_PIXELS,oe),t.pixelStorei(n.UNPACK_SKIP_ROWS,Ee),t.texSubImage2D(n.TEXTURE_2D,0,oe,Ee,Fe,ie,U,te,x.data)}b.clearUpdateRanges(),t.pixelStorei(n.UNPACK_ROW_LENGTH,X),t.pixelStorei(n.UNPACK_SKIP_PIXELS,K),t.pixelStorei(n.UNPACK_SKIP_ROWS,ae)}}function ft(b,x,U){let te=n.TEXTURE_2D;(x.isDataArrayTexture||x.isCompressedArrayTexture)&&(te=n.TEXTURE_2D_ARRAY),x.isData3DTexture&&(te=n.TEXTURE_3D);let J=Qe(b,x),re=x.source;t.bindTexture(te,b.__webglTexture,n.TEXTURE0+U);let he=i.get(re);if(re.version!==he.__version||J===!0){if(t.activeTexture(n.TEXTURE0+U),(typeof ImageBitmap<"u"&&x.image instanceof ImageBitmap)===!1){let ie=ze.getPrimaries(ze.workingColorSpace),Ae=x.colorSpace===Hn?null:ze.getPrimaries(x.colorSpace),Oe=x.colorSpace===Hn||ie===Ae?n.NONE:n.BROWSER_DEFAULT_WEBGL;t.pixelStorei(n.UNPACK_FLIP_Y_WEBGL,x.flipY),t.pixelStorei(n.UNPACK_PREMULTIPLY_ALPHA_WEBGL,x.premultiplyAlpha),t.pixelStorei(n.UNPACK_COLORSPACE_CONVERSION_WEBGL,Oe)}t.pixelStorei(n.UNPACK_ALIGNMENT,x.unpackAlignment);let K=S(x.image,!1,s.maxTextureSize);K=we(x,K);let ae=r.convert(x.format,x.colorSpace),R=r.convert(x.type),$=A(x.internalFormat,ae,R,x.normalized,x.colorSpace,x.isVideoTexture);$e(te,x);let G,le=x.mipmaps,se=x.isVideoTexture!==!0,oe=he.__version===void 0||J===!0,Ee=re.dataReady,Fe=M(x,K);if(x.isDepthTexture)$=_(x.format===Gn,x.type),oe&&(se?t.texStorage2D(n.TEXTURE_2D,1,$,K.width,K.height):t.texImage2D(n.TEXTURE_2D,0,$,K.width,K.height,0,ae,R,null));else if(x.isDataTexture)if(le.length>0){se&&oe&&t.texStorage2D(n.TEXTURE_2D,Fe,$,le[0].width,le[0].height);for(let ie=0,Ae=le.length;ie<Ae;ie++)G=le[ie],se?Ee&&t.texSubImage2D(n.TEXTURE_2D,ie,0,0,G.width,G.height,ae,R,G.data):t.texImage2D(n.TEXTURE_2D,ie,$,G.width,G.height,0,ae,R,G.data);x.generateMipmaps=!1}else se?(oe&&t.texStorage2D(n.TEXTURE_2D,Fe,$,K.width,K.height),Ee&&bt(x,K,ae,R)):t.texImage2D(n.TEXTURE_2D,0,$,K.width,K.height,0,ae,R,K.data);else if(x.isCompressedTexture)if(x.isCompressedArrayTexture){se&&oe&&t.texStorage3D(n.TEXTURE_2D_ARRAY,Fe,$,le[0].width,le[0].height,K.depth);for(let ie=0,Ae=le.length;ie<Ae;ie++)if(G=le[ie],x.format!==fn)if(ae!==null)if(se){if(Ee)if(x.layerUpdates.size>0){let Oe=dh(G.width,G.height,x.format,x.type);for(let fe of x.layerUpdates){let Ze=G.data.subarray(fe*Oe/G.data.BYTES_PER_ELEMENT,(fe+1)*Oe/G.data.BYTES_PER_ELEMENT);t.compressedTexSubImage3D(n.TEXTURE_2D_ARRAY,ie,0,0,fe,G.width,G.height,1,ae,Ze)}}else t.compressedTexSubImage3D(n.TEXTURE_2D_ARRAY,ie,0,0,0,G.width,G.height,K.depth,ae,G.data)}else t.compressedTexImage3D(n.TEXTURE_2D_ARRAY,ie,$,G.width,G.height,K.depth,0,G.data,0,0);else Re("WebGLRenderer: Attempt to load unsupported compressed texture format in .uploadTexture()");else se?Ee&&t.texSubImage3D(n.TEXTURE_2D_ARRAY,ie,0,0,0,G.width,G.height,K.depth,ae,R,G.data):t.texImage3D(n.TEXTURE_2D_ARRAY,ie,$,G.width,G.height,K.depth,0,ae,R,G.data);x.layerUpdates.size>0&&x.clearLayerUpdates()}else{se&&oe&&t.texStorage2D(n.TEXTURE_2D,Fe,$,le[0].width,le[0].height);for(let ie=0,Ae=le.length;ie<Ae;ie++)G=le[ie],x.format!==fn?ae!==null?se?Ee&&t.compressedTexSubImage2D(n.TEXTURE_2D,ie,0,0,G.width,G.height,ae,G.data):t.compressedTexImage2D(n.TEXTURE_2D,ie,$,G.width,G.height,0,G.data):Re("WebGLRenderer: Attempt to load unsupported compressed texture format in .uploadTexture()"):se?Ee&&t.texSubImage2D(n.TEXTURE_2D,ie,0,0,G.width,G.height,ae,R,G.data):t.texImage2D(n.TEXTURE_2D,ie,$,G.width,G.height,0,ae,R,G.data)}else if(x.isDataArrayTexture)if(se){if(oe&&t.texStorage3D(n.TEXTURE_2D_ARRAY,Fe,$,K.width,K.height,K.depth),Ee)if(x.layerUpdates.size>0){let ie=dh(K.width,K.height,x.format,x.type);for(let Ae of x.layerUpdates){let Oe=K.data.subarray(Ae*ie/K.data.BYTES_PER_ELEMENT,(Ae+1)*ie/K.data.BYTES_PER_ELEMENT);t.texSubImage3D(n.TEXTURE_2D_ARRAY,0,0,0,Ae,K.width,K.height,1,ae,R,Oe)}x.clearLayerUpdates()}else t.texSubImage3D(n.TEXTURE_2D_ARRAY,0,0,0,0,K.width,K.height,K.depth,ae,R,K.data)}else t.texImage3D(n.TEXTURE_2D_ARRAY,0,$,K.width,K.height,K.depth,0,ae,R,K.data);else if(x.isData3DTexture)se?(oe&&t.texStorage3D(n.TEXTURE_3D,Fe,$,K.width,K.height,K.depth),Ee&&t.texSubImage3D(n.TEXTURE_3D,0,0,0,0,K.width,K.height,K.depth,ae,R,K.data)):t.texImage3D(n.TEXTURE_3D,0,$,K.width,K.height,K.depth,0,ae,R,K.data);else if(x.isFramebufferTexture){if(oe)if(se)t.texStorage2D(n.TEXTURE_2D,Fe,$,K.width,K.height);else{let ie=K.width,Ae=K.height;for(let Oe=0;Oe<Fe;Oe++)t.texImage2D(n.TEXTURE_2D,Oe,$,ie,Ae,0,ae,R,null),ie>>=1,Ae>>=1}}else if(x.isHTMLTexture){if("texElementImage2D"in n){let ie=n.canvas;if(ie.hasAttribute("layoutsubtree")||ie.setAttribute("layoutsubtree","true"),K.parentNode!==ie){ie.appendChild(K),u.add(x),ie.onpaint=Ae=>{let Oe=Ae.changedElements;for(let fe of u)Oe.includes(fe.image)&&(fe.needsUpdate=!0)},ie.requestPaint();return}if(n.texElementImage2D.length===3)n.texElementImage2D(n.TEXTURE_2D,n.RGBA8,K);else{let Oe=n.RGBA,fe=n.RGBA,Ze=n.UNSIGNED_BYTE;n.texElementImage2D(n.TEXTURE_2D,0,Oe,fe,Ze,K)}n.texParameteri(n.TEXTURE_2D,n.TEXTURE_MIN_FILTER,n.LINEAR),n.texParameteri(n.TEXTURE_2D,n.TEXTURE_WRAP_S,n.CLAMP_TO_EDGE),n.texParameteri(n.TEXTURE_2D,n.TEXTURE_WRAP_T,n.CLAMP_TO_EDGE)}}else if(le.length>0){if(se&&oe){let ie=Pe(le[0]);t.texStorage2D(n.TEXTURE_2D,Fe,$,ie.width,ie.height)}for(let ie=0,Ae=le.length;ie<Ae;ie++)G=le[ie],se?Ee&&t.texSubImage2D(n.TEXTURE_2D,ie,0,0,ae,R,G):t.texImage2D(n.TEXTURE_2D,ie,$,ae,R,G);x.generateMipmaps=!1}else if(se){if(oe){let ie=Pe(K);t.texStorage2D(n.TEXTURE_2D,Fe,$,ie.width,ie.height)}Ee&&t.texSubImage2D(n.TEXTURE_2D,0,0,0,ae,R,K)}else t.texImage2D(n.TEXTURE_2D,0,$,ae,R,K);w(x)&&x.mipmapsAutoUpdate===!0&&E(te),he.__version=re.version,x.onUpdate&&x.onUpdate(x)}b.__version=x.version}function Bt(b,x,U){if(x.image.length!==6)return;let te=Qe(b,x),J=x.source;t.bindTexture(n.TEXTURE_CUBE_MAP,b.__webglTexture,n.TEXTURE0+U);let re=i.get(J);if(J.version!==re.__version||te===!0){t.activeTexture(n.TEXTURE0+U);let he=ze.getPrimaries(ze.workingColorSpace),X=x.colorSpace===Hn?null:ze.getPrimaries(x.colorSpace),K=x.colorSpace===Hn||he===X?n.NONE:n.BROWSER_DEFAULT_WEBGL;t.pixelStorei(n.UNPACK_FLIP_Y_WEBGL,x.flipY),t.pixelStorei(n.UNPACK_PREMULTIPLY_ALPHA_WEBGL,x.premultiplyAlpha),t.pixelStorei(n.UNPACK_ALIGNMENT,x.unpackAlignment),t.pixelStorei(n.UNPACK_COLORSPACE_CONVERSION_WEBGL,K);let ae=x.isCompressedTexture||x.image[0].isCompressedTexture,R=x.image[0]&&x.image[0].isDataTexture,$=[];for(let fe=0;fe<6;fe++)!ae&&!R?$[fe]=S(x.image[fe],!0,s.maxCubemapSize):$[fe]=R?x.image[fe].image:x.image[fe],$[fe]=we(x,$[fe]);let G=$[0],le=r.convert(x.format,x.colorSpace),se=r.convert(x.type),oe=A(x.internalFormat,le,se,x.normalized,x.colorSpace),Ee=x.isVideoTexture!==!0,Fe=re.__version===void 0||te===!0,ie=J.dataReady,Ae=M(x,G);$e(n.TEXTURE_CUBE_MAP,x);let Oe;if(x.isDepthTexture){if(oe=_(x.format===Gn,x.type),Fe)if(Ee)t.texStorage2D(n.TEXTURE_CUBE_MAP,1,oe,G.width,G.height);else for(let fe=0;fe<6;fe++)t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,0,oe,G.width,G.height,0,le,se,null)}else if(ae){Ee&&Fe&&t.texStorage2D(n.TEXTURE_CUBE_MAP,Ae,oe,G.width,G.height);for(let fe=0;fe<6;fe++){Oe=$[fe].mipmaps;for(let Ze=0;Ze<Oe.length;Ze++){let xt=Oe[Ze];x.format!==fn?le!==null?Ee?ie&&t.compressedTexSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze,0,0,xt.width,xt.height,le,xt.data):t.compressedTexImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze,oe,xt.width,xt.height,0,xt.data):Re("WebGLRenderer: Attempt to load unsupported compressed texture format in .setTextureCube()"):Ee?ie&&t.texSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze,0,0,xt.width,xt.height,le,se,xt.data):t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze,oe,xt.width,xt.height,0,le,se,xt.data)}}}else{if(Oe=x.mipmaps,Ee&&Fe){Oe.length>0&&Ae++;let fe=Pe($[0]);t.texStorage2D(n.TEXTURE_CUBE_MAP,Ae,oe,fe.width,fe.height)}for(let fe=0;fe<6;fe++)if(R){Ee?ie&&t.texSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,0,0,0,$[fe].width,$[fe].height,le,se,$[fe].data):t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,0,oe,$[fe].width,$[fe].height,0,le,se,$[fe].data);for(let Ze=0;Ze<Oe.length;Ze++){let Wn=Oe[Ze].image[fe].image;Ee?ie&&t.texSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze+1,0,0,Wn.width,Wn.height,le,se,Wn.data):t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze+1,oe,Wn.width,Wn.height,0,le,se,Wn.data)}}else{Ee?ie&&t.texSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,0,0,0,le,se,$[fe]):t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,0,oe,le,se,$[fe]);for(let Ze=0;Ze<Oe.length;Ze++){let xt=Oe[Ze];Ee?ie&&t.texSubImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze+1,0,0,le,se,xt.image[fe]):t.texImage2D(n.TEXTURE_CUBE_MAP_POSITIVE_X+fe,Ze+1,oe,le,se,xt.image[fe])}}}w(x)&&x.mipmapsAutoUpdate===!0&&E(n.TEXTURE_CUBE_MAP),re.__version=J.version,x.onUpdate&&x.onUpdate(x)}b.__version=x.version}function rt(b,x,U,te,J,re){let he=r.convert(U.format,U.colorSpace),X=r.convert(U.type),K=A(U.internalFormat,he,X,U.normalized,U.colorSpace),ae=i.get(x),R=i.get(U);if(R.__renderTarget=x,!ae.__hasExternalTextures){let $=Math.max(1,x.width>>re),G=Math.max(1,x.height>>re);J===n.TEXTURE_3D||J===n.TEXTURE_2D_ARRAY?t.texImage3D(J,re,K,$,G,x.depth,0,he,X,null):t.texImage2D(J,re,K,$,G,0,he,X,null)}t.bindFramebuffer(n.FRAMEBUFFER,b),de(x)?a.framebufferTexture2DMultisampleEXT(n.FRAMEBUFFER,te,J,R.__webglTexture,0,st(x)):(J===n.TEXTURE_2D||J>=n.TEXTURE_CUBE_MAP_POSITIVE_X&&J<=n.TEXTURE_CUBE_MAP_NEGATIVE_Z)&&n.framebufferTexture2D(n.FRAMEBUFFER,te,J,R.__webglTexture,re),t.bindFramebuffer(n.FRAMEBUFFER,null)}function pn(b,x,U){if(n.bindRenderbuffer(n.RENDERBUFFER,b),x.depthBuffer){let te=x.depthTexture,J=te&&te.isDepthTexture?te.type:null,re=_(x.stencilBuffer,J),he=x.stencilBuffer?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT;de(x)?a.renderbufferStorageMultisampleEXT(n.RENDERBUFFER,st(x),re,x.width,x.height):U?n.renderbufferStorageMultisample(n.RENDERBUFFER,st(x),re,x.width,x.height):n.renderbufferStorage(n.RENDERBUFFER,re,x.width,x.height),n.framebufferRenderbuffer(n.FRAMEBUFFER,he,n.RENDERBUFFER,b)}else{let te=x.textures;for(let J=0;J<te.length;J++){let re=te[J],he=r.convert(re.format,re.colorSpace),X=r.convert(re.type),K=A(re.internalFormat,he,X,re.normalized,re.colorSpace);de(x)?a.renderbufferStorageMultisampleEXT(n.RENDERBUFFER,st(x),K,x.width,x.height):U?n.renderbufferStorageMultisample(n.RENDERBUFFER,st(x),K,x.width,x.height):n.renderbufferStorage(n.RENDERBUFFER,K,x.width,x.height)}}n.bindRenderbuffer(n.RENDERBUFFER,null)}function _t(b,x,U){let te=x.isWebGLCubeRenderTarget===!0;if(t.bindFramebuffer(n.FRAMEBUFFER,b),!(x.depthTexture&&x.depthTexture.isDepthTexture))throw new Error("THREE.WebGLTextures: renderTarget.depthTexture must be an instance of THREE.DepthTexture.");let J=i.get(x.depthTexture);J.__renderTarget=x;let re=te?x.depthTexture.image[0]:x.depthTexture.image;(!J.__webglTexture||re.width!==x.width||re.height!==x.height)&&(re.width=x.width,re.height=x.height,x.depthTexture.needsUpdate=!0),te?ge(x.depthTexture,0):me(x.depthTexture,0);let he=J.__webglTexture,X=st(x),K=te?n.TEXTURE_CUBE_MAP_POSITIVE_X+U:n.TEXTURE_2D,ae=x.depthTexture.format===Gn?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT;if(x.depthTexture.format===On)de(x)?a.framebufferTexture2DMultisampleEXT(n.FRAMEBUFFER,ae,K,he,0,X):n.framebufferTexture2D(n.FRAMEBUFFER,ae,K,he,0);else if(x.depthTexture.format===Gn)de(x)?a.framebufferTexture2DMultisampleEXT(n.FRAMEBUFFER,ae,K,he,0,X):n.framebufferTexture2D(n.FRAMEBUFFER,ae,K,he,0);else throw new Error("THREE.WebGLTextures: Unknown depthTexture format.")}function qt(b){let x=i.get(b),U=b.isWebGLCubeRenderTarget===!0;if(x.__boundDepthTexture!==b.depthTexture){let te=b.depthTexture;if(x.__depthDisposeCallback&&x.__depthDisposeCallback(),te){let J=()=>{delete x.__boundDepthTexture,delete x.__depthDisposeCallback,te.removeEventListener("dispose",J)};te.addEventListener("dispose",J),x.__depthDisposeCallback=J}x.__boundDepthTexture=te}if(b.depthTexture&&!x.__autoAllocateDepthBuffer)if(U)for(let te=0;te<6;te++)_t(x.__webglFramebuffer[te],b,te);else b.texture.mipmaps.length>0?_t(x.__webglFramebuffer[0],b,0):_t(x.__webglFramebuffer,b,0);else if(U){x.__webglDepthbuffer=[];for(let te=0;te<6;te++)if(t.bindFramebuffer(n.FRAMEBUFFER,x.__webglFramebuffer[te]),x.__webglDepthbuffer[te]===void 0)x.__webglDepthbuffer[te]=n.createRenderbuffer(),pn(x.__webglDepthbuffer[te],b,!1);else{let J=b.stencilBuffer?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT,re=x.__webglDepthbuffer[te];n.bindRenderbuffer(n.RENDERBUFFER,re),n.framebufferRenderbuffer(n.FRAMEBUFFER,J,n.RENDERBUFFER,re)}}else if(b.texture.mipmaps.length>0?t.bindFramebuffer(n.FRAMEBUFFER,x.__webglFramebuffer[0]):t.bindFramebuffer(n.FRAMEBUFFER,x.__webglFramebuffer),x.__webglDepthbuffer===void 0)x.__webglDepthbuffer=n.createRenderbuffer(),pn(x.__webglDepthbuffer,b,!1);else{let J=b.stencilBuffer?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT,re=x.__webglDepthbuffer;n.bindRenderbuffer(n.RENDERBUFFER,re),n.framebufferRenderbuffer(n.FRAMEBUFFER,J,n.RENDERBUFFER,re)}t.bindFramebuffer(n.FRAMEBUFFER,null)}function $t(b,x,U){let te=i.get(b);x!==void 0&&rt(te.__webglFramebuffer,b,b.texture,n.COLOR_ATTACHMENT0,n.TEXTURE_2D,0),U!==void 0&&qt(b)}function Zt(b){let x=b.texture,U=i.get(b),te=i.get(x);b.addEventListener("dispose",z),B(b);let J=b.textures,re=b.isWebGLCubeRenderTarget===!0,he=J.length>1;if(he||(te.__webglTexture===void 0&&(te.__webglTexture=n.createTexture()),te.__version=x.version,o.memory.textures++),re){U.__webglFramebuffer=[];for(let X=0;X<6;X++)if(x.mipmaps.length>0){U.__webglFramebuffer[X]=[];for(let K=0;K<x.mipmaps.length;K++)U.__webglFramebuffer[X][K]=n.createFramebuffer()}else U.__webglFramebuffer[X]=n.createFramebuffer()}else{if(x.mipmaps.length>0){U.__webglFramebuffer=[];for(let X=0;X<x.mipmaps.length;X++)U.__webglFramebuffer[X]=n.createFramebuffer()}else U.__webglFramebuffer=n.createFramebuffer();if(he)for(let X=0,K=J.length;X<K;X++){let ae=i.get(J[X]);ae.__webglTexture===void 0&&(ae.__webglTexture=n.createTexture(),o.memory.textures++)}if(b.samples>0&&de(b)===!1){U.__webglMultisampledFramebuffer=n.createFramebuffer(),U.__webglColorRenderbuffer=[],t.bindFramebuffer(n.FRAMEBUFFER,U.__webglMultisampledFramebuffer);for(let X=0;X<J.length;X++){let K=J[X];U.__webglColorRenderbuffer[X]=n.createRenderbuffer(),n.bindRenderbuffer(n.RENDERBUFFER,U.__webglColorRenderbuffer[X]);let ae=r.convert(K.format,K.colorSpace),R=r.convert(K.type),$=A(K.internalFormat,ae,R,K.normalized,K.colorSpace,b.isXRRenderTarget===!0),G=st(b);n.renderbufferStorageMultisample(n.RENDERBUFFER,G,$,b.width,b.height),n.framebufferRenderbuffer(n.FRAMEBUFFER,n.COLOR_ATTACHMENT0+X,n.RENDERBUFFER,U.__webglColorRenderbuffer[X])}n.bindRenderbuffer(n.RENDERBUFFER,null),b.depthBuffer&&(U.__webglDepthRenderbuffer=n.createRenderbuffer(),pn(U.__webglDepthRenderbuffer,b,!0)),t.bindFramebuffer(n.FRAMEBUFFER,null)}}if(re){t.bindTexture(n.TEXTURE_CUBE_MAP,te.__webglTexture),$e(n.TEXTURE_CUBE_MAP,x);for(let X=0;X<6;X++)if(x.mipmaps.length>0)for(let K=0;K<x.mipmaps.length;K++)rt(U.__webglFramebuffer[X][K],b,x,n.COLOR_ATTACHMENT0,n.TEXTURE_CUBE_MAP_POSITIVE_X+X,K);else rt(U.__webglFramebuffer[X],b,x,n.COLOR_ATTACHMENT0,n.TEXTURE_CUBE_MAP_POSITIVE_X+X,0);w(x)?E(n.TEXTURE_CUBE_MAP):x.mipmaps.length>0&&n.texParameteri(n.TEXTURE_CUBE_MAP,n.TEXTURE_MAX_LEVEL,x.mipmaps.length-1),t.unbindTexture()}else if(he){for(let X=0,K=J.length;X<K;X++){let ae=J[X],R=i.get(ae),$=n.TEXTURE_2D;(b.isWebGL3DRenderTarget||b.isWebGLArrayRenderTarget)&&($=b.isWebGL3DRenderTarget?n.TEXTURE_3D:n.TEXTURE_2D_ARRAY),t.bindTexture($,R.__webglTexture),$e($,ae),rt(U.__webglFramebuffer,b,ae,n.COLOR_ATTACHMENT0+X,$,0),w(ae)&&E($)}t.unbindTexture()}else{let X=n.TEXTURE_2D;if((b.isWebGL3DRenderTarget||b.isWebGLArrayRenderTarget)&&(X=b.isWebGL3DRenderTarget?n.TEXTURE_3D:n.TEXTURE_2D_ARRAY),t.bindTexture(X,te.__webglTexture),$e(X,x),x.mipmaps.length>0)for(let K=0;K<x.mipmaps.length;K++)rt(U.__webglFramebuffer[K],b,x,n.COLOR_ATTACHMENT0,X,K);else rt(U.__webglFramebuffer,b,x,n.COLOR_ATTACHMENT0,X,0);w(x)?E(X):x.mipmaps.length>0&&n.texParameteri(X,n.TEXTURE_MAX_LEVEL,x.mipmaps.length-1),t.unbindTexture()}b.depthBuffer&&qt(b)}function P(b){let x=b.textures;for(let U=0,te=x.length;U<te;U++){let J=x[U];if(w(J)&&J.mipmapsAutoUpdate===!0){let re=T(b),he=i.get(J).__webglTexture;t.bindTexture(re,he),E(re),t.unbindTexture()}}}let Jt=[];function it(b){if(b.samples>0){if(de(b)===!1){let x=b.textures,U=b.width,te=b.height,J=n.COLOR_BUFFER_BIT,re=b.stencilBuffer?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT,he=i.get(b),X=x.length>1;if(X)for(let ae=0;ae<x.length;ae++)t.bindFramebuffer(n.FRAMEBUFFER,he.__webglMultisampledFramebuffer),n.framebufferRenderbuffer(n.FRAMEBUFFER,n.COLOR_ATTACHMENT0+ae,n.RENDERBUFFER,null),t.bindFramebuffer(n.FRAMEBUFFER,he.__webglFramebuffer),n.framebufferTexture2D(n.DRAW_FRAMEBUFFER,n.COLOR_ATTACHMENT0+ae,n.TEXTURE_2D,null,0);t.bindFramebuffer(n.READ_FRAMEBUFFER,he.__webglMultisampledFramebuffer),b.texture.mipmaps.length>0?t.bindFramebuffer(n.DRAW_FRAMEBUFFER,he.__webglFramebuffer[0]):t.bindFramebuffer(n.DRAW_FRAMEBUFFER,he.__webglFramebuffer);for(let ae=0;ae<x.length;ae++){if(b.resolveDepthBuffer&&(b.depthBuffer&&(J|=n.DEPTH_BUFFER_BIT),b.stencilBuffer&&b.resolveStencilBuffer&&(J|=n.STENCIL_BUFFER_BIT)),X){n.framebufferRenderbuffer(n.READ_FRAMEBUFFER,n.COLOR_ATTACHMENT0,n.RENDERBUFFER,he.__webglColorRenderbuffer[ae]);let R=i.get(x[ae]).__webglTexture;n.framebufferTexture2D(n.DRAW_FRAMEBUFFER,n.COLOR_ATTACHMENT0,n.TEXTURE_2D,R,0)}n.blitFramebuffer(0,0,U,te,0,0,U,te,J,n.NEAREST),c===!0&&(Jt.length=0,Jt.push(n.COLOR_ATTACHMENT0+ae),b.depthBuffer&&b.storeMultisampledDepthBuffer===!1&&Jt.push(re),n.invalidateFramebuffer(n.READ_FRAMEBUFFER,Jt))}if(t.bindFramebuffer(n.READ_FRAMEBUFFER,null),t.bindFramebuffer(n.DRAW_FRAMEBUFFER,null),X)for(let ae=0;ae<x.length;ae++){t.bindFramebuffer(n.FRAMEBUFFER,he.__webglMultisampledFramebuffer),n.framebufferRenderbuffer(n.FRAMEBUFFER,n.COLOR_ATTACHMENT0+ae,n.RENDERBUFFER,he.__webglColorRenderbuffer[ae]);let R=i.get(x[ae]).__webglTexture;t.bindFramebuffer(n.FRAMEBUFFER,he.__webglFramebuffer),n.framebufferTexture2D(n.DRAW_FRAMEBUFFER,n.COLOR_ATTACHMENT0+ae,n.TEXTURE_2D,R,0)}t.bindFramebuffer(n.DRAW_FRAMEBUFFER,he.__webglMultisampledFramebuffer)}else if(b.depthBuffer&&b.storeMultisampledDepthBuffer===!1&&c){let x=b.stencilBuffer?n.DEPTH_STENCIL_ATTACHMENT:n.DEPTH_ATTACHMENT;n.invalidateFramebuffer(n.DRAW_FRAMEBUFFER,[x])}}}function st(b){return Math.min(s.maxSamples,b.samples)}function de(b){let x=i.get(b);return b.samples>0&&e.has("WEBGL_multisampled_render_to_texture")===!0&&x.__useRenderToTexture!==!1}function pt(b){let x=o.render.frame;h.get(b)!==x&&(h.set(b,x),b.update())}function we(b,x){let U=b.colorSpace,te=b.format,J=b.type;return b.isCompressedTexture===!0||b.isVideoTexture===!0||U!==Ti&&U!==Hn&&(ze.getTransfer(U)===qe?(te!==fn||J!==Kt)&&Re("WebGLTextures: sRGB encoded textures have to use RGBAFormat and UnsignedByteType."):Ce("WebGLTextures: Unsupported texture color space:",U)),x}function Pe(b){return typeof HTMLImageElement<"u"&&b instanceof HTMLImageElement?(l.width=b.naturalWidth||b.width,l.height=b.naturalHeight||b.height):typeof VideoFrame<"u"&&b instanceof VideoFrame?(l.width=b.displayWidth,l.height=b.displayHeight):(l.width=b.width,l.height=b.height),l}this.allocateTextureUnit=Le,this.resetTextureUnits=Q,this.getTextureUnits=j,this.setTextureUnits=be,this.setTexture2D=me,this.setTexture2DArray=ye,this.setTexture3D=Te,this.setTextureCube=ge,this.rebindTextures=$t,this.setupRenderTarget=Zt,this.updateRenderTargetMipmap=P,this.updateMultisampleRenderTarget=it,this.setupDepthRenderbuffer=qt,this.setupFrameBufferTexture=rt,this.useMultisampledRTT=de,this.dispose=W}function NS(n,e){function t(i,s=Hn){let r,o=ze.getTransfer(s);if(i===Kt)return n.UNSIGNED_BYTE;if(i===Ta)return n.UNSIGNED_SHORT_4_4_4_4;if(i===wa)return n.UNSIGNED_SHORT_5_5_5_1;if(i===jc)return n.UNSIGNED_INT_5_9_9_9_REV;if(i===eh)return n.UNSIGNED_INT_10F_11F_11F_REV;if(i===Jc)return n.BYTE;if(i===Qc)return n.SHORT;if(i===fs)return n.UNSIGNED_SHORT;if(i===Aa)return n.INT;if(i===un)return n.UNSIGNED_INT;if(i===sn)return n.FLOAT;if(i===dn)return n.HALF_FLOAT;if(i===th)return n.ALPHA;if(i===nh)return n.RGB;if(i===fn)return n.RGBA;if(i===On)return n.DEPTH_COMPONENT;if(i===Gn)return n.DEPTH_STENCIL;if(i===Ra)return n.RED;if(i===Ia)return n.RED_INTEGER;if(i===li)return n.RG;if(i===Ca)return n.RG_INTEGER;if(i===Na)return n.RGBA_INTEGER;if(i===xr||i===yr||i===vr||i===Sr)if(o===qe)if(r=e.get("WEBGL_compressed_texture_s3tc_srgb"),r!==null){if(i===xr)return r.COMPRESSED_SRGB_S3TC_DXT1_EXT;if(i===yr)return r.COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT;if(i===vr)return r.COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT;if(i===Sr)return r.COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT}else return null;else if(r=e.get("WEBGL_compressed_texture_s3tc"),r!==null){if(i===xr)return r.COMPRESSED_RGB_S3TC_DXT1_EXT;if(i===yr)return r.COMPRESSED_RGBA_S3TC_DXT1_EXT;if(i===vr)return r.COMPRESSED_RGBA_S3TC_DXT3_EXT;if(i===Sr)return r.COMPRESSED_RGBA_S3TC_DXT5_EXT}else return null;if(i===Pa||i===La||i===Da||i===Ua)if(r=e.get("WEBGL_compressed_texture_pvrtc"),r!==null){if(i===Pa)return r.COMPRESSED_RGB_PVRTC_4BPPV1_IMG;if(i===La)return r.COMPRESSED_RGB_PVRTC_2BPPV1_IMG;if(i===Da)return r.COMPRESSED_RGBA_PVRTC_4BPPV1_IMG;if(i===Ua)return r.COMPRESSED_RGBA_PVRTC_2BPPV1_IMG}else return null;if(i===Oa||i===Fa||i===Ba||i===ka||i===za||i===br||i===Va)if(r=e.get("WEBGL_compressed_texture_etc"),r!==null){if(i===Oa||i===Fa)return o===qe?r.COMPRESSED_SRGB8_ETC2:r.COMPRESSED_RGB8_ETC2;if(i===Ba)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ETC2_EAC:r.COMPRESSED_RGBA8_ETC2_EAC;if(i===ka)return r.COMPRESSED_R11_EAC;if(i===za)return r.COMPRESSED_SIGNED_R11_EAC;if(i===br)return r.COMPRESSED_RG11_EAC;if(i===Va)return r.COMPRESSED_SIGNED_RG11_EAC}else return null;if(i===Ga||i===Ha||i===Wa||i===Xa||i===Ya||i===Ka||i===qa||i===$a||i===Za||i===Ja||i===Qa||i===ja||i===el||i===tl)if(r=e.get("WEBGL_compressed_texture_astc"),r!==null){if(i===Ga)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR:r.COMPRESSED_RGBA_ASTC_4x4_KHR;if(i===Ha)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR:r.COMPRESSED_RGBA_ASTC_5x4_KHR;if(i===Wa)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_5x5_KHR:r.COMPRESSED_RGBA_ASTC_5x5_KHR;if(i===Xa)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR:r.COMPRESSED_RGBA_ASTC_6x5_KHR;if(i===Ya)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR:r.COMPRESSED_RGBA_ASTC_6x6_KHR;if(i===Ka)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_8x5_KHR:r.COMPRESSED_RGBA_ASTC_8x5_KHR;if(i===qa)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR:r.COMPRESSED_RGBA_ASTC_8x6_KHR;if(i===$a)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR:r.COMPRESSED_RGBA_ASTC_8x8_KHR;if(i===Za)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_10x5_KHR:r.COMPRESSED_RGBA_ASTC_10x5_KHR;if(i===Ja)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR:r.COMPRESSED_RGBA_ASTC_10x6_KHR;if(i===Qa)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_10x8_KHR:r.COMPRESSED_RGBA_ASTC_10x8_KHR;if(i===ja)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR:r.COMPRESSED_RGBA_ASTC_10x10_KHR;if(i===el)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_12x10_KHR:r.COMPRESSED_RGBA_ASTC_12x10_KHR;if(i===tl)return o===qe?r.COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR:r.COMPRESSED_RGBA_ASTC_12x12_KHR}else return null;if(i===nl||i===il||i===sl)if(r=e.get("EXT_texture_compression_bptc"),r!==null){if(i===nl)return o===qe?r.COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT:r.COMPRESSED_RGBA_BPTC_UNORM_EXT;if(i===il)return r.COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT;if(i===sl)return r.COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT}else return null;if(i===rl||i===ol||i===Mr||i===al)if(r=e.get("EXT_texture_compression_rgtc"),r!==null){if(i===rl)return r.COMPRESSED_RED_RGTC1_EXT;if(i===ol)return r.COMPRESSED_SIGNED_RED_RGTC1_EXT;if(i===Mr)return r.COMPRESSED_RED_GREEN_RGTC2_EXT;if(i===al)return r.COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT}else return null;return i===Ci?n.UNSIGNED_INT_24_8:n[i]!==void 0?n[i]:null}return{convert:t}}var PS=`
void main() {

	gl_Position = vec4( position, 1.0 );

}`,LS=`
uniform sampler2DArray depthColor;
uniform float depthWidth;
uniform float depthHeight;

void main() {

	vec2 coord = vec2( gl_FragCoord.x / depthWidth, gl_FragCoord.y / depthHeight );

	if ( coord.x >= 1.0 ) {

		gl_FragDepth = texture( depthColor, vec3( coord.x - 1.0, coord.y, 1 ) ).r;

	} else {

		gl_FragDepth = texture( depthColor, vec3( coord.x, coord.y, 0 ) ).r;

	}

}`,Sh=class{constructor(){this.texture=null,this.mesh=null,this.depthNear=0,this.depthFar=0}init(e,t){if(this.texture===null){let i=new ur(e.texture);(e.depthNear!==t.depthNear||e.depthFar!==t.depthFar)&&(this.depthNear=e.depthNear,this.depthFar=e.depthFar),this.texture=i}}getMesh(e){if(this.texture!==null&&this.mesh===null){let t=e.cameras[0].viewport,i=new Mn({vertexShader:PS,fragmentShader:LS,uniforms:{depthColor:{value:this.texture},depthWidth:{value:t.z},depthHeight:{value:t.w}}});this.mesh=new zt(new fr(20,20),i)}return this.mesh}reset(){this.texture=null,this.mesh=null}getDepthTexture(){return this.texture}},bh=class extends vn{constructor(e,t){super();let i=this,s=null,r=1,o=null,a="local-floor",c=1,l=null,h=null,u=null,d=null,p=null,g=null,v=typeof XRWebGLBinding<"u",f=new Sh,m={},S=t.getContextAttributes(),w=null,E=null,T=[],A=[],_=new ke,M=null,B=null,N=new Lt;N.viewport=new at;let L=new Lt;L.viewport=new at;let z=[N,L],Y=new Sa,C=null,W=null;this.cameraAutoUpdate=!0,this.enabled=!1,this.isPresenting=!1,this.getController=function(q){let me=T[q];return me===void 0&&(me=new os,T[q]=me),me.getTargetRaySpace()},this.getControllerGrip=function(q){let me=T[q];return me===void 0&&(me=new os,T[q]=me),me.getGripSpace()},this.getHand=function(q){let me=T[q];return me===void 0&&(me=new os,T[q]=me),me.getHandSpace()};function Z(q){let me=A.indexOf(q.inputSource);if(me===-1)return;let ye=T[me];ye!==void 0&&(ye.update(q.inputSource,q.frame,l||o),ye.dispatchEvent({type:q.type,data:q.inputSource}))}function V(){s.removeEventListener("select",Z),s.removeEventListener("selectstart",Z),s.removeEventListener("selectend",Z),s.removeEventListener("squeeze",Z),s.removeEventListener("squeezestart",Z),s.removeEventListener("squeezeend",Z),s.removeEventListener("end",V),s.removeEventListener("inputsourceschange",ne);for(let q=0;q<T.length;q++){let me=A[q];me!==null&&(A[q]=null,T[q].disconnect(me))}C=null,W=null,f.reset();for(let q in m)delete m[q];if(e.setRenderTarget(w),p=null,d=null,u=null,s=null,E=null,Le.stop(),i.isPresenting=!1,e.setPixelRatio(M),e.setSize(_.width,_.height,!1),B!==null){let q=B.camera;q.fov=B.fov,q.zoom=B.zoom,q.updateProjectionMatrix(),B=null}i.dispatchEvent({type:"sessionend"})}this.setFramebufferScaleFactor=function(q){r=q,i.isPresenting===!0&&Re("WebXRManager: Cannot change framebuffer scale while presenting.")},this.setReferenceSpaceType=function(q){a=q,i.isPresenting===!0&&Re("WebXRManager: Cannot change reference space type while presenting.")},this.getReferenceSpace=function(){return l||o},this.setReferenceSpace=function(q){l=q},this.getBaseLayer=function(){return d!==null?d:p},this.getBinding=function(){return u===null&&v&&(u=new XRWebGLBinding(s,t)),u},this.getFrame=function(){return g},this.getSession=function(){return s},this.setSession=async function(q){if(s=q,s!==null){if(w=e.getRenderTarget(),s.addEventListener("select",Z),s.addEventListener("selectstart",Z),s.addEventListener("selectend",Z),s.addEventListener("squeeze",Z),s.addEventListener("squeezestart",Z),s.addEventListener("squeezeend",Z),s.addEventListener("end",V),s.addEventListener("inputsourceschange",ne),S.xrCompatible!==!0&&await t.makeXRCompatible(),M=e.getPixelRatio(),e.getSize(_),v&&"createProjectionLayer"in XRWebGLBinding.prototype){let ye=null,Te=null,ge=null;S.depth&&(ge=S.stencil?t.DEPTH24_STENCIL8:t.DEPTH_COMPONENT24,ye=S.stencil?Gn:On,Te=S.stencil?Ci:un);let Ue={colorFormat:t.RGBA8,depthFormat:ge,scaleFactor:r};u=this.getBinding(),d=u.createProjectionLayer(Ue),s.updateRenderState({layers:[d]}),e.setPixelRatio(1),e.setSize(d.textureWidth,d.textureHeight,!1),E=new Wt(d.textureWidth,d.textureHeight,{format:fn,type:Kt,depthTexture:new kn(d.textureWidth,d.textureHeight,Te,void 0,void 0,void 0,void 0,void 0,void 0,ye),stencilBuffer:S.stencil,colorSpace:e.outputColorSpace,samples:S.antialias?4:0,resolveDepthBuffer:d.ignoreDepthValues===!1,resolveStencilBuffer:d.ignoreDepthValues===!1,storeMultisampledDepthBuffer:d.ignoreDepthValues===!1,storeMultisampledStencilBuffer:d.ignoreDepthValues===!1})}else{let ye={antialias:S.antialias,alpha:!0,depth:S.depth,stencil:S.stencil,framebufferScaleFactor:r};p=new XRWebGLLayer(s,t,ye),s.updateRenderState({baseLayer:p}),e.setPixelRatio(1),e.setSize(p.framebufferWidth,p.framebufferHeight,!1),E=new Wt(p.framebufferWidth,p.framebufferHeight,{format:fn,type:Kt,colorSpace:e.outputColorSpace,stencilBuffer:S.stencil,resolveDepthBuffer:p.ignoreDepthValues===!1,resolveStencilBuffer:p.ignoreDepthValues===!1,storeMultisampledDepthBuffer:p.ignoreDepthValues===!1,storeMultisampledStencilBuffer:p.ignoreDepthValues===!1})}E.isXRRenderTarget=!0,this.setFoveation(c),l=null,o=await s.requestReferenceSpace(a),Le.setContext(s),Le.start(),i.isPresenting=!0,i.dispatchEvent({type:"sessionstart"})}},this.getEnvironmentBlendMode=function(){if(s!==null)return s.environmentBlendMode},this.getDepthTexture=function(){return f.getDepthTexture()};function ne(q){for(let me=0;me<q.removed.length;me++){let ye=q.removed[me],Te=A.indexOf(ye);Te>=0&&(A[Te]=null,T[Te].disconnect(ye))}for(let me=0;me<q.added.length;me++){let ye=q.added[me],Te=A.indexOf(ye);if(Te===-1){for(let Ue=0;Ue<T.length;Ue++)if(Ue>=A.length){A.push(ye),Te=Ue;break}else if(A[Ue]===null){A[Ue]=ye,Te=Ue;break}if(Te===-1)break}let ge=T[Te];ge&&ge.connect(ye)}}function H(q,me){me===null?q.matrixWorld.copy(q.matrix):q.matrixWorld.multiplyMatrices(me.matrixWorld,q.matrix),q.matrixWorldInverse.copy(q.matrixWorld).invert()}this.updateCamera=function(q){if(s===null)return;let me=q.near,ye=q.far;f.texture!==null&&(f.depthNear>0&&(me=f.depthNear),f.depthFar>0&&(ye=f.depthFar)),Y.near=L.near=N.near=me,Y.far=L.far=N.far=ye,(C!==Y.near||W!==Y.far)&&(s.updateRenderState({depthNear:Y.near,depthFar:Y.far}),C=Y.near,W=Y.far),Y.layers.mask=q.layers.mask|6,N.layers.mask=Y.layers.mask&-5,L.layers.mask=Y.layers.mask&-3;let Te=q.parent,ge=Y.cameras;H(Y,Te);for(let Ue=0;Ue<ge.length;Ue++)H(ge[Ue],Te);Y.projectionMatrix.copy(N.projectionMatrix),Y.projectionMatrixInverse.copy(N.projectionMatrixInverse),B===null&&q.isPerspectiveCamera&&(B={camera:q,fov:q.fov,zoom:q.zoom}),Q(q,Y,Te)};function Q(q,me,ye){ye===null?q.matrix.copy(me.matrixWorld):(q.matrix.copy(ye.matrixWorld),q.matrix.invert(),q.matrix.multiply(me.matrixWorld)),q.matrix.decompose(q.position,q.quaternion,q.scale),q.updateMatrixWorld(!0),q.projectionMatrix.copy(me.projectionMatrix),q.projectionMatrixInverse.copy(me.projectionMatrixInverse),q.isPerspectiveCamera&&(q.fov=Qo*2*Math.atan(1/q.projectionMatrix.elements[5]),q.zoom=1)}this.getCamera=function(){return Y},this.getFoveation=function(){if(!(d===null&&p===null))return c},this.setFoveation=function(q){c=q,d!==null&&(d.fixedFoveation=q),p!==null&&p.fixedFoveation!==void 0&&(p.fixedFoveation=q)},this.hasDepthSensing=function(){return f.texture!==null},this.getDepthSensingMesh=function(){return f.getMesh(Y)},this.getCameraTexture=function(q){return m[q]};let j=null;function be(q,me){if(h=me.getViewerPose(l||o),g=me,h!==null){let ye=h.views;p!==null&&(e.setRenderTargetFramebuffer(E,p.framebuffer),e.setRenderTarget(E));let Te=!1;ye.length!==Y.cameras.length&&(Y.cameras.length=0,Te=!0);for(let Ie=0;Ie<ye.length;Ie++){let $e=ye[Ie],Qe=null;if(p!==null)Qe=p.getViewport($e);else{let bt=u.getViewSubImage(d,$e);Qe=bt.viewport,Ie===0&&(e.setRenderTargetTextures(E,bt.colorTexture,bt.depthStencilTexture),e.setRenderTarget(E))}let Ge=z[Ie];Ge===void 0&&(Ge=new Lt,Ge.layers.enable(Ie),Ge.viewport=new at,z[Ie]=Ge),Ge.matrix.fromArray($e.transform.matrix),Ge.matrix.decompose(Ge.position,Ge.quaternion,Ge.scale),Ge.projectionMatrix.fromArray($e.projectionMatrix),Ge.projectionMatrixInverse.copy(Ge.projectionMatrix).invert(),Ge.viewport.set(Qe.x,Qe.y,Qe.width,Qe.height),Ie===0&&(Y.matrix.copy(Ge.matrix),Y.matrix.decompose(Y.position,Y.quaternion,Y.scale)),Te===!0&&Y.cameras.push(Ge)}let ge=s.enabledFeatures;if(ge&&ge.includes("depth-sensing")&&s.depthUsage=="gpu-optimized"&&v){u=i.getBinding();let Ie=u.getDepthInformation(ye[0]);Ie&&Ie.isValid&&Ie.texture&&f.init(Ie,s.renderState)}if(ge&&ge.includes("camera-access")&&v){e.state.unbindTexture(),u=i.getBinding();for(let Ie=0;Ie<ye.length;Ie++){let $e=ye[Ie].camera;if($e){let Qe=m[$e];Qe||(Qe=new ur,m[$e]=Qe);let Ge=u.getCameraImage($e);Qe.sourceTexture=Ge}}}}for(let ye=0;ye<T.length;ye++){let Te=A[ye],ge=T[ye];Te!==null&&ge!==void 0&&ge.update(Te,me,l||o)}j&&j(q,me),me.detectedPlanes&&i.dispatchEvent({type:"planesdetected",data:me}),g=null}let Le=new Ep;Le.setAnimationLoop(be),this.setAnimationLoop=function(q){j=q},this.dispose=function(){}}},DS=new Je,Dp=new Ne;Dp.set(-1,0,0,0,1,0,0,0,1);function US(n,e){function t(f,m){f.matrixAutoUpdate===!0&&f.updateMatrix(),m.value.copy(f.matrix)}function i(f,m){m.color.getRGB(f.fogColor.value,ch(n)),m.isFog?(f.fogNear.value=m.near,f.fogFar.value=m.far):m.isFogExp2&&(f.fogDensity.value=m.density)}function s(f,m,S,w,E){m.isNodeMaterial?m.uniformsNeedUpdate=!1:m.isMeshBasicMaterial?r(f,m):m.isMeshLambertMaterial?(r(f,m),m.envMap&&(f.envMapIntensity.value=m.envMapIntensity)):m.isMeshToonMaterial?(r(f,m),u(f,m)):m.isMeshPhongMaterial?(r(f,m),h(f,m),m.envMap&&(f.envMapIntensity.value=m.envMapIntensity)):m.isMeshStandardMaterial?(r(f,m),d(f,m),m.isMeshPhysicalMaterial&&p(f,m,E)):m.isMeshMatcapMaterial?(r(f,m),g(f,m)):m.isMeshDepthMaterial?r(f,m):m.isMeshDistanceMaterial?(r(f,m),v(f,m)):m.isMeshNormalMaterial?r(f,m):m.isLineBasicMaterial?(o(f,m),m.isLineDashedMaterial&&a(f,m)):m.isPointsMaterial?c(f,m,S,w):m.isSpriteMaterial?l(f,m):m.isShadowMaterial?(f.color.value.copy(m.color),f.opacity.value=m.opacity):m.isShaderMaterial&&(m.uniformsNeedUpdate=!1)}function r(f,m){f.opacity.value=m.opacity,m.color&&f.diffuse.value.copy(m.color),m.emissive&&f.emissive.value.copy(m.emissive).multiplyScalar(m.emissiveIntensity),m.map&&(f.map.value=m.map,t(m.map,f.mapTransform)),m.alphaMap&&(f.alphaMap.value=m.alphaMap,t(m.alphaMap,f.alphaMapTransform)),m.bumpMap&&(f.bumpMap.value=m.bumpMap,t(m.bumpMap,f.bumpMapTransform),f.bumpScale.value=m.bumpScale,m.side===Ft&&(f.bumpScale.value*=-1)),m.normalMap&&(f.normalMap.value=m.normalMap,t(m.normalMap,f.normalMapTransform),f.normalScale.value.copy(m.normalScale),m.side===Ft&&f.normalScale.value.negate()),m.displacementMap&&(f.displacementMap.value=m.displacementMap,t(m.displacementMap,f.displacementMapTransform),f.displacementScale.value=m.displacementScale,f.displacementBias.value=m.displacementBias),m.emissiveMap&&(f.emissiveMap.value=m.emissiveMap,t(m.emissiveMap,f.emissiveMapTransform)),m.specularMap&&(f.specularMap.value=m.specularMap,t(m.specularMap,f.specularMapTransform)),m.alphaTest>0&&(f.alphaTest.value=m.alphaTest);let S=e.get(m),w=S.envMap,E=S.envMapRotation;w&&(f.envMap.value=w,f.envMapRotation.value.setFromMatrix4(DS.makeRotationFromEuler(E)).transpose(),w.isCubeTexture&&w.isRenderTargetTexture===!1&&f.envMapRotation.value.premultiply(Dp),f.reflectivity.value=m.reflectivity,f.ior.value=m.ior,f.refractionRatio.value=m.refractionRatio),m.lightMap&&(f.lightMap.value=m.lightMap,f.lightMapIntensity.value=m.lightMapIntensity,t(m.lightMap,f.lightMapTransform)),m.aoMap&&(f.aoMap.value=m.aoMap,f.aoMapIntensity.value=m.aoMapIntensity,t(m.aoMap,f.aoMapTransform))}function o(f,m){f.diffuse.value.copy(m.color),f.opacity.value=m.opacity,m.map&&(f.map.value=m.map,t(m.map,f.mapTransform))}function a(f,m){f.dashSize.value=m.dashSize,f.totalSize.value=m.dashSize+m.gapSize,f.scale.value=m.scale}function c(f,m,S,w){f.diffuse.value.copy(m.color),f.opacity.value=m.opacity,f.size.value=m.size*S,f.scale.value=w*.5,m.map&&(f.map.value=m.map,t(m.map,f.uvTransform)),m.alphaMap&&(f.alphaMap.value=m.alphaMap,t(m.alphaMap,f.alphaMapTransform)),m.alphaTest>0&&(f.alphaTest.value=m.alphaTest)}function l(f,m){f.diffuse.value.copy(m.color),f.opacity.value=m.opacity,f.rotation.value=m.rotation,m.map&&(f.map.value=m.map,t(m.map,f.mapTransform)),m.alphaMap&&(f.alphaMap.value=m.alphaMap,t(m.alphaMap,f.alphaMapTransform)),m.alphaTest>0&&(f.alphaTest.value=m.alphaTest)}function h(f,m){f.specular.value.copy(m.specular),f.shininess.value=Math.max(m.shininess,1e-4)}function u(f,m){m.gradientMap&&(f.gradientMap.value=m.gradientMap)}function d(f,m){f.metalness.value=m.metalness,m.metalnessMap&&(f.metalnessMap.value=m.metalnessMap,t(m.metalnessMap,f.metalnessMapTransform)),f.roughness.value=m.roughness,m.roughnessMap&&(f.roughnessMap.value=m.roughnessMap,t(m.roughnessMap,f.roughnessMapTransform)),m.envMap&&(f.envMapIntensity.value=m.envMapIntensity)}function p(f,m,S){f.ior.value=m.ior,m.diffuseRoughness>0&&(f.diffuseRoughness.value=m.diffuseRoughness,m.diffuseRoughnessMap&&(f.diffuseRoughnessMap.value=m.diffuseRoughnessMap,t(m.diffuseRoughnessMap,f.diffuseRoughnessMapTransform))),m.sheen>0&&(f.sheenColor.value.copy(m.sheenColor).multiplyScalar(m.sheen),f.sheenRoughness.value=m.sheenRoughness,m.sheenColorMap&&(f.sheenColorMap.value=m.sheenColorMap,t(m.sheenColorMap,f.sheenColorMapTransform)),m.sheenRoughnessMap&&(f.sheenRoughnessMap.value=m.sheenRoughnessMap,t(m.sheenRoughnessMap,f.sheenRoughnessMapTransform))),m.clearcoat>0&&(f.clearcoat.value=m.clearcoat,f.clearcoatRoughness.value=m.clearcoatRoughness,m.clearcoatMap&&(f.clearcoatMap.value=m.clearcoatMap,t(m.clearcoatMap,f.clearcoatMapTransform)),m.clearcoatRoughnessMap&&(f.clearcoatRoughnessMap.value=m.clearcoatRoughnessMap,t(m.clearcoatRoughnessMap,f.clearcoatRoughnessMapTransform)),m.clearcoatNormalMap&&(f.clearcoatNormalMap.value=m.clearcoatNormalMap,t(m.clearcoatNormalMap,f.clearcoatNormalMapTransform),f.clearcoatNormalScale.value.copy(m.clearcoatNormalScale),m.side===Ft&&f.clearcoatNormalScale.value.negate())),m.dispersion>0&&(f.dispersion.value=m.dispersion),m.retroreflectivity>0&&(f.retroreflectivity.value=m.retroreflectivity),m.iridescence>0&&(f.iridescence.value=m.iridescence,f.iridescenceIOR.value=m.iridescenceIOR,f.iridescenceThicknessMinimum.value=m.iridescenceThicknessMinimum,f.iridescenceThicknessMaximum.value=m.iridescenceThicknessMaximum,m.iridescenceMap&&(f.iridescenceMap.value=m.iridescenceMap,t(m.iridescenceMap,f.iridescenceMapTransform)),m.iridescenceThicknessMap&&(f.iridescenceThicknessMap.value=m.iridescenceThicknessMap,t(m.iridescenceThicknessMap,f.iridescenceThicknessMapTransform))),m.transmission>0&&(f.transmission.value=m.transmission,f.transmissionSamplerMap.value=S.texture,f.transmissionSamplerSize.value.set(S.width,S.height),m.transmissionMap&&(f.transmissionMap.value=m.transmissionMap,t(m.transmissionMap,f.transmissionMapTransform)),f.thickness.value=m.thickness,m.thicknessMap&&(f.thicknessMap.value=m.thicknessMap,t(m.thicknessMap,f.thicknessMapTransform)),f.attenuationDistance.value=m.attenuationDistance,f.attenuationColor.value.copy(m.attenuationColor)),m.anisotropy>0&&(f.anisotropyVector.value.set(m.anisotropy*Math.cos(m.anisotropyRotation),m.anisotropy*Math.sin(m.anisotropyRotation)),m.anisotropyMap&&(f.anisotropyMap.value=m.anisotropyMap,t(m.anisotropyMap,f.anisotropyMapTransform))),f.specularIntensity.value=m.specularIntensity,f.specularColor.value.copy(m.specularColor),m.specularColorMap&&(f.specularColorMap.value=m.specularColorMap,t(m.specularColorMap,f.specularColorMapTransform)),m.specularIntensityMap&&(f.specularIntensityMap.value=m.specularIntensityMap,t(m.specularIntensityMap,f.specularIntensityMapTransform))}function g(f,m){m.matcap&&(f.matcap.value=m.matcap)}function v(f,m){let S=e.get(m).light;f.referencePosition.value.setFromMatrixPosition(S.matrixWorld),f.nearDistance.value=S.shadow.camera.near,f.farDistance.value=S.shadow.camera.far}return{refreshFogUniforms:i,refreshMaterialUniforms:s}}function OS(n,e,t,i){let s={},r={};function o(S,w){let E=w.program;i.uniformBlockBinding(S,E,s[S.id])}function a(S,w){let E=s[S.id];E===void 0&&(g(S),E=c(S),s[S.id]=E,S.addEventListener("dispose",f));let T=w.program;i.updateUBOMapping(S,T);let A=e.render.frame;r[S.id]!==A&&(l(S),r[S.id]=A)}function c(S){let w=n.createBuffer(),E=S.__size,T=S.usage;return n.bindBuffer(n.UNIFORM_BUFFER,w),n.bufferData(n.UNIFORM_BUFFER,E,T),n.bindBuffer(n.UNIFORM_BUFFER,null),w}function l(S){let w=s[S.id],E=S.uniforms,T=S.__cache;n.bindBuffer(n.UNIFORM_BUFFER,w);for(let A=0,_=E.length;A<_;A++){let M=E[A];if(Array.isArray(M))for(let B=0,N=M.length;B<N;B++)h(M[B],A,B,T);else h(M,A,0,T)}n.bindBuffer(n.UNIFORM_BUFFER,null)}function h(S,w,E,T){if(d(S,w,E,T)===!0){let A=S.__offset,_=S.value;if(Array.isArray(_)){let M=0;for(let B=0;B<_.length;B++){let N=_[B],L=v(N,!0);u(N,S.__data,M),M+=L.storage/Float32Array.BYTES_PER_ELEMENT}}else u(_,S.__data,0);n.bufferSubData(n.UNIFORM_BUFFER,A,S.__data)}}function u(S,w,E){typeof S=="number"||typeof S=="boolean"?w[E]=S:S.isMatrix3?(w[E]=S.elements[0],w[E+1]=S.elements[1],w[E+2]=S.elements[2],w[E+3]=0,w[E+4]=S.elements[3],w[E+5]=S.elements[4],w[E+6]=S.elements[5],w[E+7]=0,w[E+8]=S.elements[6],w[E+9]=S.elements[7],w[E+10]=S.elements[8],w[E+11]=0):ArrayBuffer.isView(S)?w.set(S.subarray(0,w.length-E),E):S.toArray(w,E)}function d(S,w,E,T){let A=S.value,_=w+"_"+E;if(Array.isArray(A)){T[_]===void 0&&(T[_]=[]);let M=T[_],B=!1;for(let N=0;N<A.length;N++)p(A[N],M,N)===!0&&(B=!0);return B}return p(A,T,_)}function p(S,w,E){if(w[E]===void 0)return typeof S=="number"||typeof S=="boolean"?w[E]=S:ArrayBuffer.isView(S)?w[E]=S.slice():w[E]=S.clone(),!0;{let T=w[E];if(typeof S=="number"||typeof S=="boolean"){if(T!==S)return w[E]=S,!0}else{if(ArrayBuffer.isView(S))return!0;if(T.equals(S)===!1)return T.copy(S),!0}}return!1}function g(S){let w=S.uniforms,E=0,T=16;for(let _=0,M=w.length;_<M;_++){let B=Array.isArray(w[_])?w[_]:[w[_]];for(let N=0,L=B.length;N<L;N++){let z=B[N],Y=Array.isArray(z.value)?z.value:[z.value],C=Array.isArray(w[_])||Array.isArray(z.value),W=E;for(let V=0,ne=Y.length;V<ne;V++){let H=Y[V],Q=v(H,C),j=E%T,be=j%Q.boundary,Le=j+be;E+=be,Le!==0&&T-Le<Q.storage&&(E+=T-Le),V===0&&(W=E),E+=Q.storage}let Z=z.type==="int"?Int32Array:z.type==="uint"?Uint32Array:Float32Array;z.__data=new Z((E-W)/Float32Array.BYTES_PER_ELEMENT),z.__offset=W}}let A=E%T;return A>0&&(E+=T-A),S.__size=E,S.__cache={},this}function v(S,w){let E={boundary:0,storage:0};return typeof S=="number"||typeof S=="boolean"?(E.boundary=4,E.storage=4):S.isVector2?(E.boundary=8,E.storage=8):S.isVector3||S.isColor?(E.boundary=16,E.storage=12):S.isVector4?(E.boundary=16,E.storage=16):S.isMatrix3?(E.boundary=16,E.storage=48):S.isMatrix4?(E.boundary=16,E.storage=64):S.isTexture?Re("WebGLRenderer: Texture samplers can not be part of an uniforms group."):ArrayBuffer.isView(S)?(E.boundary=16,E.storage=S.byteLength):Re("WebGLRenderer: Unsupported uniform value type.",S),w===!0&&(E.boundary=16,E.storage=Math.ceil(E.storage/16)*16),E}function f(S){let w=S.target;w.removeEventListener("dispose",f),n.deleteBuffer(s[w.id]),delete s[w.id],delete r[w.id]}function m(){for(let S in s)n.deleteBuffer(s[S]);s={},r={}}return{bind:o,update:a,dispose:m}}var FS=new Uint16Array([12469,15057,12620,14925,13266,14620,13807,14376,14323,13990,14545,13625,14713,13328,14840,12882,14931,12528,14996,12233,15039,11829,15066,11525,15080,11295,15085,10976,15082,10705,15073,10495,13880,14564,13898,14542,13977,14430,14158,14124,14393,13732,14556,13410,14702,12996,14814,12596,14891,12291,14937,11834,14957,11489,14958,11194,14943,10803,14921,10506,14893,10278,14858,9960,14484,14039,14487,14025,14499,13941,14524,13740,14574,13468,14654,13106,14743,12678,14818,12344,14867,11893,14889,11509,14893,11180,14881,10751,14852,10428,14812,10128,14765,9754,14712,9466,14764,13480,14764,13475,14766,13440,14766,13347,14769,13070,14786,12713,14816,12387,14844,11957,14860,11549,14868,11215,14855,10751,14825,10403,14782,10044,14729,9651,14666,9352,14599,9029,14967,12835,14966,12831,14963,12804,14954,12723,14936,12564,14917,12347,14900,11958,14886,11569,14878,11247,14859,10765,14828,10401,14784,10011,14727,9600,14660,9289,14586,8893,14508,8533,15111,12234,15110,12234,15104,12216,15092,12156,15067,12010,15028,11776,14981,11500,14942,11205,14902,10752,14861,10393,14812,9991,14752,9570,14682,9252,14603,8808,14519,8445,14431,8145,15209,11449,15208,11451,15202,11451,15190,11438,15163,11384,15117,11274,15055,10979,14994,10648,14932,10343,14871,9936,14803,9532,14729,9218,14645,8742,14556,8381,14461,8020,14365,7603,15273,10603,15272,10607,15267,10619,15256,10631,15231,10614,15182,10535,15118,10389,15042,10167,14963,9787,14883,9447,14800,9115,14710,8665,14615,8318,14514,7911,14411,7507,14279,7198,15314,9675,15313,9683,15309,9712,15298,9759,15277,9797,15229,9773,15166,9668,15084,9487,14995,9274,14898,8910,14800,8539,14697,8234,14590,7790,14479,7409,14367,7067,14178,6621,15337,8619,15337,8631,15333,8677,15325,8769,15305,8871,15264,8940,15202,8909,15119,8775,15022,8565,14916,8328,14804,8009,14688,7614,14569,7287,14448,6888,14321,6483,14088,6171,15350,7402,15350,7419,15347,7480,15340,7613,15322,7804,15287,7973,15229,8057,15148,8012,15046,7846,14933,7611,14810,7357,14682,7069,14552,6656,14421,6316,14251,5948,14007,5528,15356,5942,15356,5977,15353,6119,15348,6294,15332,6551,15302,6824,15249,7044,15171,7122,15070,7050,14949,6861,14818,6611,14679,6349,14538,6067,14398,5651,14189,5311,13935,4958,15359,4123,15359,4153,15356,4296,15353,4646,15338,5160,15311,5508,15263,5829,15188,6042,15088,6094,14966,6001,14826,5796,14678,5543,14527,5287,14377,4985,14133,4586,13869,4257,15360,1563,15360,1642,15358,2076,15354,2636,15341,3350,15317,4019,15273,4429,15203,4732,15105,4911,14981,4932,14836,4818,14679,4621,14517,4386,14359,4156,14083,3795,13808,3437,15360,122,15360,137,15358,285,15355,636,15344,1274,15322,2177,15281,2765,15215,3223,15120,3451,14995,3569,14846,3567,14681,3466,14511,3305,14344,3121,14037,2800,13753,2467,15360,0,15360,1,15359,21,15355,89,15346,253,15325,479,15287,796,15225,1148,15133,1492,15008,1749,14856,1882,14685,1886,14506,1783,14324,1608,13996,1398,13702,1183]),Tn=null;function BS(){return Tn===null&&(Tn=new rr(FS,16,16,li,dn),Tn.name="DFG_LUT",Tn.minFilter=Ut,Tn.magFilter=Ut,Tn.wrapS=yn,Tn.wrapT=yn,Tn.generateMipmaps=!1,Tn.needsUpdate=!0),Tn}var fl=class{constructor(e={}){let{canvas:t=Xf(),context:i=null,depth:s=!0,stencil:r=!1,alpha:o=!1,antialias:a=!1,premultipliedAlpha:c=!0,preserveDrawingBuffer:l=!1,powerPreference:h="default",failIfMajorPerformanceCaveat:u=!1,reversedDepthBuffer:d=!1,outputBufferType:p=Kt}=e;this.isWebGLRenderer=!0;let g;if(i!==null){if(typeof WebGLRenderingContext<"u"&&i instanceof WebGLRenderingContext)throw new Error("THREE.WebGLRenderer: WebGL 1 is not supported since r163.");g=i.getContextAttributes().alpha}else g=o;let v=p,f=new Set([Na,Ca,Ia]),m=new Set([Kt,un,fs,Ci,Ta,wa]),S=new Uint32Array(4),w=new Int32Array(4),E={textures:[],min:[],max:[],resolution:[]},T=null,A=null,_=[],M=[],B=null;this.domElement=t,this.debug={checkShaderErrors:!0,diagnostics:{keywords:!1},onShaderError:null},this.autoClear=!0,this.autoClearColor=!0,this.autoClearDepth=!0,this.autoClearStencil=!0,this.sortObjects=!0,this.clippingPlanes=[],this.localClippingEnabled=!1,this.toneMapping=An,this.toneMappingExposure=1,this.transmissionResolutionScale=1;let N=this,L=!1,z=null,Y=null,C=null,W=null;this._outputColorSpace=Ht;let Z=0,V=0,ne=null,H=-1,Q=null,j=new at,be=new at,Le=null,q=new Ve(0),me=0,ye=t.width,Te=t.height,ge=1,Ue=null,ct=null,Ie=new at(0,0,ye,Te),$e=new at(0,0,ye,Te),Qe=!1,Ge=new Bn,bt=new ia,ft=!1,Bt=!1,rt=new Je,pn=new F,_t=new at,qt={background:null,fog:null,environment:null,overrideMaterial:null,isScene:!0},$t=!1;function Zt(){return ne===null?ge:1}let P=i;function Jt(y,I){return t.getContext(y,I)}let it,st,de,pt,we,Pe,b,x,U,te,J,re,he,X,K,ae,R,$,G,le,se,oe,Ee;try{let y={alpha:!0,depth:s,stencil:r,antialias:a,premultipliedAlpha:c,preserveDrawingBuffer:l,powerPreference:h,failIfMajorPerformanceCaveat:u};if("setAttribute"in t&&t.setAttribute("data-engine",`three.js r${"187"}`),t.addEventListener("webglcontextlost",Ae,!1),t.addEventListener("webglcontextrestored",Oe,!1),t.addEventListener("webglcontextcreationerror",fe,!1),P===null){let I="webgl2";if(P=Jt(I,y),P===null)throw Jt(I)?new Error("THREE.WebGLRenderer: Error creating WebGL context with your selected attributes."):new Error("THREE.WebGLRenderer: Error creating WebGL context.")}Fe()}catch(y){throw t.removeEventListener("webglcontextlost",Ae,!1),t.removeEventListener("webglcontextrestored",Oe,!1),t.removeEventListener("webglcontextcreationerror",fe,!1),Ce("WebGLRenderer: "+y.message),y}function Fe(){it=new $y(P),it.init(),se=new NS(P,it),st=new By(P,it,e,se),de=new IS(P,it),st.reversedDepthBuffer&&d&&de.buffers.depth.setReversed(!0),Y=P.createFramebuffer(),C=P.createFramebuffer(),W=P.createFramebuffer(),pt=new Qy(P),we=new mS,Pe=new CS(P,it,de,we,st,se,pt),b=new qy(N),x=new e_(P),oe=new Oy(P,x),U=new Zy(P,x,pt,oe),te=new ev(P,U,x,oe,pt),$=new jy(P,st,Pe),K=new ky(we),J=new pS(N,b,it,st,oe,K),re=new US(N,we),he=new _S,X=new MS(it),R=new Uy(N,b,de,te,g,c),ae=new RS(N,te,st),Ee=new OS(P,pt,st,de),G=new Fy(P,it,pt),le=new Jy(P,it,pt),pt.programs=J.programs,N.capabilities=st,N.extensions=it,N.properties=we,N.renderLists=he,N.shadowMap=ae,N.state=de,N.info=pt}v!==Kt&&(B=new nv(v,t.width,t.height,a,s,r));let ie=new bh(N,P);this.xr=ie,this.getContext=function(){return P},this.getContextAttributes=function(){return P.getContextAttributes()},this.forceContextLoss=function(){let y=it.get("WEBGL_lose_context");y&&y.loseContext()},this.forceContextRestore=function(){let y=it.get("WEBGL_lose_context");y&&y.restoreContext()},this.getPixelRatio=function(){return ge},this.setPixelRatio=function(y){y!==void 0&&(ge=y,this.setSize(ye,Te,!1))},this.getSize=function(y){return y.set(ye,Te)},this.setSize=function(y,I,k=!0){if(ie.isPresenting){Re("WebGLRenderer: Can't change size while VR device is presenting.");return}ye=y,Te=I,t.width=Math.floor(y*ge),t.height=Math.floor(I*ge),k===!0&&(t.style.width=y+"px",t.style.height=I+"px"),B!==null&&B.setSize(t.width,t.height),this.setViewport(0,0,y,I)},this.getDrawingBufferSize=function(y){return y.set(ye*ge,Te*ge).floor()},this.setDrawingBufferSize=function(y,I,k){ye=y,Te=I,ge=k,t.width=Math.floor(y*k),t.height=Math.floor(I*k),this.setViewport(0,0,y,I)},this.setEffects=function(y){if(v===Kt){Ce("WebGLRenderer: setEffects() requires outputBufferType set to HalfFloatType or FloatType.");return}if(y){for(let I=0;I<y.length;I++)if(y[I].isOutputPass===!0){Re("WebGLRenderer: OutputPass is not needed in setEffects(). Tone mapping and color space conversion are applied automatically.");break}}B.setEffects(y||[])},this.getCurrentViewport=function(y){return y.copy(j)},this.getViewport=function(y){return y.copy(Ie)},this.setViewport=function(y,I,k,D){y.isVector4?Ie.set(y.x,y.y,y.z,y.w):Ie.set(y,I,k,D),de.viewport(j.copy(Ie).multiplyScalar(Zt()).round())},this.getScissor=function(y){return y.copy($e)},this.setScissor=function(y,I,k,D){y.isVector4?$e.set(y.x,y.y,y.z,y.w):$e.set(y,I,k,D),de.scissor(be.copy($e).multiplyScalar(Zt()).round())},this.getScissorTest=function(){return Qe},this.setScissorTest=function(y){de.setScissorTest(Qe=y)},this.setOpaqueSort=function(y){Ue=y},this.setTransparentSort=function(y){ct=y},this.getClearColor=function(y){return y.copy(R.getClearColor())},this.setClearColor=function(){R.setClearColor(...arguments)},this.getClearAlpha=function(){return R.getClearAlpha()},this.setClearAlpha=function(){R.setClearAlpha(...arguments)},this.clear=function(y=!0,I=!0,k=!0){let D=0;if(y){let O=!1;if(ne!==null){let ue=ne.texture.format;O=f.has(ue)}if(O){let ue=ne.texture.type,xe=m.has(ue),ce=R.getClearColor(),_e=R.getClearAlpha(),Me=ce.r,De=ce.g,He=ce.b;xe?(S[0]=Me,S[1]=De,S[2]=He,S[3]=_e,P.clearBufferuiv(P.COLOR,0,S)):(w[0]=Me,w[1]=De,w[2]=He,w[3]=_e,P.clearBufferiv(P.COLOR,0,w))}else D|=P.COLOR_BUFFER_BIT}I&&(D|=P.DEPTH_BUFFER_BIT,this.state.buffers.depth.setMask(!0)),k&&(D|=P.STENCIL_BUFFER_BIT,this.state.buffers.stencil.setMask(4294967295)),D!==0&&P.clear(D)},this.clearColor=function(){this.clear(!0,!1,!1)},this.clearDepth=function(){this.clear(!1,!0,!1)},this.clearStencil=function(){this.clear(!1,!1,!0)},this.setNodesHandler=function(y){y.setRenderer(this),z=y},this.dispose=function(){t.removeEventListener("webglcontextlost",Ae,!1),t.removeEventListener("webglcontextrestored",Oe,!1),t.removeEventListener("webglcontextcreationerror",fe,!1),R.dispose(),he.dispose(),X.dispose(),Pe.dispose(),we.dispose(),b.dispose(),te.dispose(),U.dispose(),oe.dispose(),Ee.dispose(),J.dispose(),ie.dispose(),ie.removeEventListener("sessionstart",Ih),ie.removeEventListener("sessionend",Ch),ci.stop()};function Ae(y){y.preventDefault(),$s("WebGLRenderer: Context Lost."),L=!0}function Oe(){$s("WebGLRenderer: Context Restored."),L=!1;let y=pt.autoReset,I=ae.enabled,k=ae.autoUpdate,D=ae.needsUpdate,O=ae.type;Fe(),pt.autoReset=y,ae.enabled=I,ae.autoUpdate=k,ae.needsUpdate=D,ae.type=O}function fe(y){Ce("WebGLRenderer: A WebGL context could not be created. Reason: ",y.statusMessage)}function Ze(y){let I=y.target;I.removeEventListener("dispose",Ze),xt(I)}function xt(y){Wn(y),we.remove(y)}function Wn(y){let I=we.get(y).programs;I!==void 0&&(I.forEach(function(k){J.releaseProgram(k)}),y.isShaderMaterial&&J.releaseShaderCache(y))}this.renderBufferDirect=function(y,I,k,D,O,ue){I===null&&(I=qt);let xe=O.isMesh&&O.matrixWorld.determinantAffine()<0,ce=jp(y,I,k,D,O);de.setMaterial(D,xe);let _e=k.index,Me=1;if(D.wireframe===!0){if(_e=U.getWireframeAttribute(k),_e===void 0)return;Me=2}let De=k.drawRange,He=k.attributes.position,ve=De.start*Me,We=(De.start+De.count)*Me;ue!==null&&(ve=Math.max(ve,ue.start*Me),We=Math.min(We,(ue.start+ue.count)*Me)),_e!==null?(ve=Math.max(ve,0),We=Math.min(We,_e.count)):He!=null&&(ve=Math.max(ve,0),We=Math.min(We,He.count));let ht=We-ve;if(ht<0||ht===1/0)return;oe.setup(O,D,ce,k,_e);let tt,je=G;if(_e!==null&&(tt=x.get(_e),je=le,je.setIndex(tt)),O.isMesh)D.wireframe===!0?(de.setLineWidth(D.wireframeLinewidth*Zt()),je.setMode(P.LINES)):je.setMode(P.TRIANGLES);else if(O.isLine){let At=D.linewidth;At===void 0&&(At=1),de.setLineWidth(At*Zt()),O.isLineSegments?je.setMode(P.LINES):O.isLineLoop?je.setMode(P.LINE_LOOP):je.setMode(P.LINE_STRIP)}else O.isPoints?je.setMode(P.POINTS):O.isSprite&&je.setMode(P.TRIANGLES);if(O.isBatchedMesh)if(it.get("WEBGL_multi_draw"))je.renderMultiDraw(O._multiDrawStarts,O._multiDrawCounts,O._multiDrawCount);else{let At=O._multiDrawStarts,Se=O._multiDrawCounts,Nt=O._multiDrawCount,Ke=_e?x.get(_e).bytesPerElement:1,hi=we.get(D).currentProgram.getUniforms();for(let Tt=0;Tt<Nt;Tt++)hi.setValue(P,"_gl_DrawID",Tt),je.render(At[Tt]/Ke,Se[Tt])}else if(O.isInstancedMesh)je.renderInstances(ve,ht,O.count);else if(k.isInstancedBufferGeometry){let At=k._maxInstanceCount!==void 0?k._maxInstanceCount:1/0,Se=Math.min(k.instanceCount,At);je.renderInstances(ve,ht,Se)}else je.render(ve,ht)};function Rh(y,I,k,D){z!==null&&y.isNodeMaterial&&z.setObject(D,y),ft===!0&&K.setState(y,k,!1),y.transparent===!0&&y.side===nn&&y.forceSinglePass===!1?(y.side=Ft,y.needsUpdate=!0,ys(y,I,D),y.side=En,y.needsUpdate=!0,ys(y,I,D),y.side=nn):ys(y,I,D)}this.compile=function(y,I,k=null){k===null&&(k=y),z!==null&&z.renderStart(y,I,k),A=X.get(k),A.init(I),M.push(A),k.traverseVisible(function(O){O.isLight&&O.layers.test(I.layers)&&(A.pushLight(O),O.castShadow&&A.pushShadow(O))}),y!==k&&y.traverseVisible(function(O){O.isLight&&O.layers.test(I.layers)&&(A.pushLight(O),O.castShadow&&A.pushShadow(O))}),A.setupLights(),z!==null&&z.updateLights(A.state.lightsArray),Bt=this.localClippingEnabled,ft=K.init(this.clippingPlanes,Bt),ft===!0&&K.setGlobalState(this.clippingPlanes,I),z!==null&&ae.render(A.state.shadowsArray,k,I);let D=new Set;return y.traverse(function(O){if(!(O.isMesh||O.isPoints||O.isLine||O.isSprite))return;let ue=O.material;if(ue)if(Array.isArray(ue))for(let xe=0;xe<ue.length;xe++){let ce=ue[xe];Rh(ce,k,I,O),D.add(ce)}else Rh(ue,k,I,O),D.add(ue)}),A=M.pop(),z!==null&&z.renderEnd(),D},this.compileAsync=function(y,I,k=null){let D=this.compile(y,I,k);return new Promise(O=>{function ue(){if(D.forEach(function(xe){let _e=we.get(xe).currentProgram;(_e===void 0||_e.isReady())&&D.delete(xe)}),D.size===0){O(y);return}setTimeout(ue,10)}it.get("KHR_parallel_shader_compile")!==null?ue():setTimeout(ue,10)})};let Sl=null;function Jp(y){Sl&&Sl(y)}function Ih(){ci.stop()}function Ch(){ci.start()}let ci=new Ep;ci.setAnimationLoop(Jp),typeof self<"u"&&ci.setContext(self),this.setAnimationLoop=function(y){Sl=y,ie.setAnimationLoop(y),y===null?ci.stop():ci.start()},ie.addEventListener("sessionstart",Ih),ie.addEventListener("sessionend",Ch),this.render=function(y,I){if(I!==void 0&&I.isCamera!==!0){Ce("WebGLRenderer.render: camera is not an instance of THREE.Camera.");return}if(L===!0)return;z!==null&&z.renderStart(y,I);let k=ie.enabled===!0&&ie.isPresenting===!0,D=B!==null&&(ne===null||k)&&B.begin(N,ne);if(y.matrixWorldAutoUpdate===!0&&y.updateMatrixWorld(),I.parent===null&&I.matrixWorldAutoUpdate===!0&&I.updateMatrixWorld(),ie.enabled===!0&&ie.isPresenting===!0&&(B===null||B.isCompositing()===!1)&&(ie.cameraAutoUpdate===!0&&ie.updateCamera(I),I=ie.getCamera()),y.isScene===!0&&y.onBeforeRender(N,y,I,ne),A=X.get(y,M.length),A.init(I),A.state.textureUnits=Pe.getTextureUnits(),M.push(A),rt.multiplyMatrices(I.projectionMatrix,I.matrixWorldInverse),I.isArrayCamera?bt.setFromArrayCamera(I):Ge.setFromProjectionMatrix(rt,en,I.reversedDepth),Bt=this.localClippingEnabled,ft=K.init(this.clippingPlanes,Bt),T=he.get(y,_.length),T.init(),_.push(T),this.info.render.frame++,ie.enabled===!0&&ie.isPresenting===!0){let xe=N.xr.getDepthSensingMesh();xe!==null&&bl(xe,I,-1/0,N.sortObjects)}bl(y,I,0,N.sortObjects),T.finish(),z!==null&&z.updateLights(A.state.lightsArray),N.sortObjects===!0&&T.sort(Ue,ct),$t=ie.enabled===!1||ie.isPresenting===!1||ie.hasDepthSensing()===!1,$t&&R.addToRenderList(T,y),this.info.autoReset===!0&&this.info.reset(),ft===!0&&K.beginShadows();let O=A.state.shadowsArray;if(ae.render(O,y,I),ft===!0&&K.endShadows(),(D&&B.hasRenderPass())===!1){let xe=T.opaque,ce=T.transmissive;if(A.setupLights(),I.isArrayCamera){let _e=I.cameras;if(ce.length>0)for(let Me=0,De=_e.length;Me<De;Me++){let He=_e[Me];Ph(xe,ce,y,He)}$t&&R.render(y);for(let Me=0,De=_e.length;Me<De;Me++){let He=_e[Me];Nh(T,y,He,He.viewport)}}else ce.length>0&&Ph(xe,ce,y,I),$t&&R.render(y),Nh(T,y,I)}ne!==null&&V===0&&(Pe.updateMultisampleRenderTarget(ne),Pe.updateRenderTargetMipmap(ne)),D&&B.end(N),y.isScene===!0&&y.onAfterRender(N,y,I),oe.resetDefaultState(),H=-1,Q=null,M.pop(),M.length>0?(A=M[M.length-1],Pe.setTextureUnits(A.state.textureUnits),ft===!0&&K.setGlobalState(N.clippingPlanes,A.state.camera)):A=null,_.pop(),_.length>0?T=_[_.length-1]:T=null,z!==null&&z.renderEnd()};function bl(y,I,k,D){if(y.visible===!1)return;if(y.layers.test(I.layers)){if(y.isGroup)k=y.renderOrder;else if(y.isLOD)y.autoUpdate===!0&&y.update(I);else if(y.isLight)A.pushLight(y),y.castShadow&&A.pushShadow(y);else if(y.isSprite){let xe=I.isArrayCamera?bt:Ge;if(!y.frustumCulled||y.intersectsFrustum(xe)){D&&_t.setFromMatrixPosition(y.matrixWorld).applyMatrix4(rt);let ce=te.update(y),_e=y.material;_e.visible&&T.push(y,ce,_e,k,_t.z,null,I)}}else if(y.isMesh||y.isLine||y.isPoints){let xe=I.isArrayCamera?bt:Ge;if(!y.frustumCulled||y.intersectsFrustum(xe)){let ce=te.update(y),_e=y.material;if(D&&(y.boundingSphere!==void 0?(y.boundingSphere===null&&y.computeBoundingSphere(),_t.copy(y.boundingSphere.center)):(ce.boundingSphere===null&&ce.computeBoundingSphere(),_t.copy(ce.boundingSphere.center)),_t.applyMatrix4(y.matrixWorld).applyMatrix4(rt)),Array.isArray(_e)){let Me=ce.groups;for(let De=0,He=Me.length;De<He;De++){let ve=Me[De],We=_e[ve.materialIndex];We&&We.visible&&T.push(y,ce,We,k,_t.z,ve,I)}}else _e.visible&&T.push(y,ce,_e,k,_t.z,null,I)}}}let ue=y.children;for(let xe=0,ce=ue.length;xe<ce;xe++)bl(ue[xe],I,k,D)}function Nh(y,I,k,D){let{opaque:O,transmissive:ue,transparent:xe}=y;A.setupLightsView(k),ft===!0&&K.setGlobalState(N.clippingPlanes,k),D&&de.viewport(j.copy(D)),O.length>0&&Ir(O,I,k),ue.length>0&&Ir(ue,I,k),xe.length>0&&Ir(xe,I,k),de.buffers.depth.setTest(!0),de.buffers.depth.setMask(!0),de.buffers.color.setMask(!0),de.setPolygonOffset(!1)}function Ph(y,I,k,D){if((k.isScene===!0?k.overrideMaterial:null)!==null)return;if(A.state.transmissionRenderTarget[D.id]===void 0){let ve=it.has("EXT_color_buffer_half_float")||it.has("EXT_color_buffer_float");A.state.transmissionRenderTarget[D.id]=new Wt(1,1,{generateMipmaps:!0,type:ve?dn:Kt,minFilter:Vn,samples:Math.max(4,st.samples),stencilBuffer:r,resolveDepthBuffer:!1,resolveStencilBuffer:!1,storeMultisampledDepthBuffer:!1,storeMultisampledStencilBuffer:!1,colorSpace:ze.workingColorSpace})}let ue=A.state.transmissionRenderTarget[D.id],xe=D.viewport||j;ue.setSize(xe.z*N.transmissionResolutionScale,xe.w*N.transmissionResolutionScale);let ce=N.getRenderTarget(),_e=N.getActiveCubeFace(),Me=N.getActiveMipmapLevel();N.setRenderTarget(ue),N.getClearColor(q),me=N.getClearAlpha(),me<1&&N.setClearColor(16777215,.5),N.clear(),$t&&R.render(k);let De=N.toneMapping;N.toneMapping=An;let He=D.viewport;if(D.viewport!==void 0&&(D.viewport=void 0),A.setupLightsView(D),ft===!0&&K.setGlobalState(N.clippingPlanes,D),Ir(y,k,D),Pe.updateMultisampleRenderTarget(ue),Pe.updateRenderTargetMipmap(ue),it.has("WEBGL_multisampled_render_to_texture")===!1){let ve=!1;for(let We=0,ht=I.length;We<ht;We++){let tt=I[We],{object:je,geometry:At,material:Se,group:Nt}=tt;if(Se.side===nn&&je.layers.test(D.layers)){let Ke=Se.side;Se.side=Ft,Se.needsUpdate=!0,Lh(je,k,D,At,Se,Nt),Se.side=Ke,Se.needsUpdate=!0,ve=!0}}ve===!0&&(Pe.updateMultisampleRenderTarget(ue),Pe.updateRenderTargetMipmap(ue))}N.setRenderTarget(ce,_e,Me),N.setClearColor(q,me),He!==void 0&&(D.viewport=He),N.toneMapping=De}function Ir(y,I,k){let D=I.isScene===!0?I.overrideMaterial:null;for(let O=0,ue=y.length;O<ue;O++){let xe=y[O],{object:ce,geometry:_e,group:Me}=xe,De=xe.material;De.allowOverride===!0&&D!==null&&(De=D),ce.layers.test(k.layers)&&Lh(ce,I,k,_e,De,Me)}}function Lh(y,I,k,D,O,ue){z!==null&&O.isNodeMaterial&&z.setObject(y,O),y.onBeforeRender(N,I,k,D,O,ue),y.modelViewMatrix.multiplyMatrices(k.matrixWorldInverse,y.matrixWorld),y.normalMatrix.getNormalMatrix(y.modelViewMatrix),O.onBeforeRender(N,I,k,D,y,ue),O.transparent===!0&&O.side===nn&&O.forceSinglePass===!1?(O.side=Ft,O.needsUpdate=!0,N.renderBufferDirect(k,I,D,O,y,ue),O.side=En,O.needsUpdate=!0,N.renderBufferDirect(k,I,D,O,y,ue),O.side=nn):N.renderBufferDirect(k,I,D,O,y,ue),y.onAfterRender(N,I,k,D,O,ue)}function Dh(y){let I=0;for(let k of y)k.texture!==null&&I++;return I}function ys(y,I,k){I.isScene!==!0&&(I=qt);let D=we.get(y),O=A.state.lights,ue=A.state.shadowsArray,xe=O.state.version,ce=J.getParameters(y,O.state,ue,I,k,A.state.lightProbeGridArray),_e=J.getProgramCacheKey(ce),Me=D.programs;D.environment=y.isMeshStandardMaterial||y.isMeshLambertMaterial||y.isMeshPhongMaterial?I.environment:null,D.fog=I.fog;let De=y.isMeshStandardMaterial||y.isMeshLambertMaterial&&!y.envMap||y.isMeshPhongMaterial&&!y.envMap;D.envMap=b.get(y.envMap||D.environment,De),D.envMapRotation=D.environment!==null&&y.envMap===null?I.environmentRotation:y.envMapRotation,Me===void 0&&(y.addEventListener("dispose",Ze),Me=new Map,D.programs=Me,D.programVariants=new Map);let He=Me.get(_e);if(He!==void 0){if(D.currentProgram===He&&D.lightsStateVersion===xe)return Oh(y,ce),He}else ce.uniforms=J.getUniforms(y),z!==null&&y.isNodeMaterial&&z.build(y,k,ce),y.onBeforeCompile(ce,N),He=J.acquireProgram(ce,_e),Me.set(_e,He),D.uniforms=ce.uniforms;let ve=D.uniforms;return(!y.isShaderMaterial&&!y.isRawShaderMaterial||y.clipping===!0)&&(ve.clippingPlanes=K.uniform),Oh(y,ce),D.needsLights=tm(y),D.lightsStateVersion=xe,D.needsLights&&(ve.ambientLightColor.value=O.state.ambient,ve.lightProbe.value=O.state.probe,ve.sunLights.value=O.state.sun,ve.sunLightShadows.value=O.state.sunShadow,ve.directionalLights.value=O.state.directional,ve.directionalLightShadows.value=O.state.directionalShadow,ve.spotLights.value=O.state.spot,ve.spotLightShadows.value=O.state.spotShadow,ve.rectAreaLights.value=O.state.rectArea,ve.ltc_1.value=O.state.rectAreaLTC1,ve.ltc_2.value=O.state.rectAreaLTC2,ve.pointLights.value=O.state.point,ve.pointLightShadows.value=O.state.pointShadow,ve.hemisphereLights.value=O.state.hemi,ve.sunShadowMatrix.value=O.state.sunShadowMatrix,ve.sunShadowCascade.value=O.state.sunShadowCascade,ve.directionalShadowMatrix.value=O.state.directionalShadowMatrix,ve.spotLightMatrix.value=O.state.spotLightMatrix,ve.spotLightMap.value=O.state.spotLightMap,ve.pointShadowMatrix.value=O.state.pointShadowMatrix),D.numLightProbeGrids=Dh(A.state.lightProbeGridArray),D.currentProgram=He,D.uniformsList=null,He}function Qp(y,I,k,D,O){let ue=we.get(y),xe=ue.currentProgram.id+","+D+","+O,ce=ue.programVariants.get(xe);return ce===void 0?(ce=ys(y,I,k),ue.programVariants.set(xe,ce)):(ue.currentProgram=ce,ue.uniformsList=null,ue.outputColorSpace=D,ue.toneMapping=O),ce}function Uh(y){if(y.uniformsList===null){let I=y.currentProgram.getUniforms();y.uniformsList=ps.seqWithValue(I.seq,y.uniforms)}return y.uniformsList}function Oh(y,I){let k=we.get(y);k.outputColorSpace=I.outputColorSpace,k.batching=I.batching,k.batchingColor=I.batchingColor,k.instancing=I.instancing,k.instancingColor=I.instancingColor,k.instancingMorph=I.instancingMorph,k.skinning=I.skinning,k.morphTargets=I.morphTargets,k.morphNormals=I.morphNormals,k.morphColors=I.morphColors,k.morphTargetsCount=I.morphTargetsCount,k.numClippingPlanes=I.numClippingPlanes,k.numIntersection=I.numClipIntersection,k.vertexAlphas=I.vertexAlphas,k.vertexTangents=I.vertexTangents,k.toneMapping=I.toneMapping}function jp(y,I,k,D,O){I.isScene!==!0&&(I=qt),Pe.resetTextureUnits();let ue=I.fog,xe=D.isMeshStandardMaterial||D.isMeshLambertMaterial||D.isMeshPhongMaterial?I.environment:null,ce=ne===null?N.outputColorSpace:ne.isXRRenderTarget===!0?ne.texture.colorSpace:ze.workingColorSpace,_e=D.isMeshStandardMaterial||D.isMeshLambertMaterial&&!D.envMap||D.isMeshPhongMaterial&&!D.envMap,Me=b.get(D.envMap||xe,_e),De=D.vertexColors===!0&&!!k.attributes.color&&k.attributes.color.itemSize===4,He=!!k.attributes.tangent&&(!!D.normalMap||D.anisotropy>0),ve=!!k.morphAttributes.position,We=!!k.morphAttributes.normal,ht=!!k.morphAttributes.color,tt=An;D.toneMapped&&(ne===null||ne.isXRRenderTarget===!0)&&(tt=N.toneMapping);let je=k.morphAttributes.position||k.morphAttributes.normal||k.morphAttributes.color,At=je!==void 0?je.length:0,Se=we.get(D),Nt=A.state.lights;if(ft===!0&&(Bt===!0||y!==Q)){let ot=y===Q&&D.id===H;K.setState(D,y,ot)}let Ke=!1,hi=!1;D.version===Se.__version?Se.needsLights&&Se.lightsStateVersion!==Nt.state.version||O.isBatchedMesh&&Se.batching===!1||!O.isBatchedMesh&&Se.batching===!0||O.isBatchedMesh&&Se.batchingColor===!0&&O._colorsTexture===null||O.isBatchedMesh&&Se.batchingColor===!1&&O._colorsTexture!==null||O.isInstancedMesh&&Se.instancing===!1||!O.isInstancedMesh&&Se.instancing===!0||O.isSkinnedMesh&&Se.skinning===!1||!O.isSkinnedMesh&&Se.skinning===!0||O.isInstancedMesh&&Se.instancingColor===!0&&O.instanceColor===null||O.isInstancedMesh&&Se.instancingColor===!1&&O.instanceColor!==null||O.isInstancedMesh&&Se.instancingMorph===!0&&O.morphTexture===null||O.isInstancedMesh&&Se.instancingMorph===!1&&O.morphTexture!==null||Se.envMap!==Me||D.fog===!0&&Se.fog!==ue||Se.numClippingPlanes!==void 0&&(Se.numClippingPlanes!==K.numPlanes||Se.numIntersection!==K.numIntersection)||Se.vertexAlphas!==De||Se.vertexTangents!==He||Se.morphTargets!==ve||Se.morphNormals!==We||Se.morphColors!==ht||Se.morphTargetsCount!==At||Se.numLightProbeGrids!==Dh(A.state.lightProbeGridArray)?Ke=!0:(Se.outputColorSpace!==ce||Se.toneMapping!==tt)&&(hi=!0):(Ke=!0,Se.__version=D.version);let Tt=Se.currentProgram;(Ke===!0||hi===!0)&&(Tt=hi===!0?Qp(D,I,O,ce,tt):ys(D,I,O),z&&D.isNodeMaterial&&z.onUpdateProgram(D,Tt,Se));let Cr=!1,Xn=!1,ui=!1,Ye=Tt.getUniforms(),Mt=Se.uniforms;if(de.useProgram(Tt.program)&&(Cr=!0,Xn=!0,ui=!0),D.id!==H&&(H=D.id,Xn=!0),Cr||Q!==y){de.buffers.depth.getReversed()&&y.reversedDepth!==!0&&(y._reversedDepth=!0,y.updateProjectionMatrix()),Ye.setValue(P,"projectionMatrix",y.projectionMatrix),Ye.setValue(P,"viewMatrix",y.matrixWorldInverse);let yt=Ye.map.cameraPosition;yt!==void 0&&yt.setValue(P,pn.setFromMatrixPosition(y.matrixWorld)),st.logarithmicDepthBuffer&&Ye.setValue(P,"logDepthBufFC",2/(Math.log(y.far+1)/Math.LN2)),(D.isMeshPhongMaterial||D.isMeshToonMaterial||D.isMeshLambertMaterial||D.isMeshBasicMaterial||D.isMeshStandardMaterial||D.isShaderMaterial)&&Ye.setValue(P,"isOrthographic",y.isOrthographicCamera===!0),Q!==y&&(Q=y,Xn=!0,ui=!0)}if(Se.needsLights&&(Nt.state.sunShadowMap.length>0&&Ye.setValue(P,"sunShadowMap",Nt.state.sunShadowMap,Pe),Nt.state.directionalShadowMap.length>0&&Ye.setValue(P,"directionalShadowMap",Nt.state.directionalShadowMap,Pe),Nt.state.spotShadowMap.length>0&&Ye.setValue(P,"spotShadowMap",Nt.state.spotShadowMap,Pe),Nt.state.pointShadowMap.length>0&&Ye.setValue(P,"pointShadowMap",Nt.state.pointShadowMap,Pe)),O.isSkinnedMesh){Ye.setOptional(P,O,"bindMatrix"),Ye.setOptional(P,O,"bindMatrixInverse");let ot=O.skeleton;ot&&(ot.boneTexture===null&&ot.computeBoneTexture(),Ye.setValue(P,"boneTexture",ot.boneTexture,Pe))}O.isBatchedMesh&&(Ye.setOptional(P,O,"batchingTexture"),Ye.setValue(P,"batchingTexture",O._matricesTexture,Pe),Ye.setOptional(P,O,"batchingIdTexture"),Ye.setValue(P,"batchingIdTexture",O._indirectTexture,Pe),Ye.setOptional(P,O,"batchingColorTexture"),O._colorsTexture!==null&&Ye.setValue(P,"batchingColorTexture",O._colorsTexture,Pe));let rn=k.morphAttributes;if((rn.position!==void 0||rn.normal!==void 0||rn.color!==void 0)&&$.update(O,k,Tt),(Xn||Se.receiveShadow!==O.receiveShadow)&&(Se.receiveShadow=O.receiveShadow,Ye.setValue(P,"receiveShadow",O.receiveShadow)),(D.isMeshStandardMaterial||D.isMeshLambertMaterial||D.isMeshPhongMaterial)&&D.envMap===null&&I.environment!==null&&(Mt.envMapIntensity.value=I.environmentIntensity),Mt.dfgLUT!==void 0&&(Mt.dfgLUT.value=BS()),Xn){if(Ye.setValue(P,"toneMappingExposure",N.toneMappingExposure),Se.needsLights&&em(Mt,ui),ue&&D.fog===!0&&re.refreshFogUniforms(Mt,ue),re.refreshMaterialUniforms(Mt,D,ge,Te,A.state.transmissionRenderTarget[y.id]),Se.needsLights&&Se.numLightProbeGrids>0){let ot=E,yt=0;for(let Rn of A.state.lightProbeGridArray)Rn.texture!==null&&(ot.textures[yt]=Rn.texture,ot.min[yt]=Rn.boundingBox.min,ot.max[yt]=Rn.boundingBox.max,ot.resolution[yt]=Rn.resolution,yt++);for(let Rn in ot)ot[Rn].length=yt;Mt.probesSH.value=ot.textures,Mt.probesMin.value=ot.min,Mt.probesMax.value=ot.max,Mt.probesResolution.value=ot.resolution}ps.upload(P,Uh(Se),Mt,Pe)}if(D.isShaderMaterial&&D.uniformsNeedUpdate===!0&&(ps.upload(P,Uh(Se),Mt,Pe),D.uniformsNeedUpdate=!1),D.isSpriteMaterial&&Ye.setValue(P,"center",O.center),Ye.setValue(P,"modelViewMatrix",O.modelViewMatrix),Ye.setValue(P,"normalMatrix",O.normalMatrix),Ye.setValue(P,"modelMatrix",O.matrixWorld),D.uniformsGroups!==void 0){let ot=D.uniformsGroups;for(let yt=0,Rn=ot.length;yt<Rn;yt++){let Bh=ot[yt];Ee.update(Bh,Tt),Ee.bind(Bh,Tt)}}return Tt}function em(y,I){y.ambientLightColor.needsUpdate=I,y.lightProbe.needsUpdate=I,y.sunLights.needsUpdate=I,y.sunLightShadows.needsUpdate=I,y.directionalLights.needsUpdate=I,y.directionalLightShadows.needsUpdate=I,y.pointLights.needsUpdate=I,y.pointLightShadows.needsUpdate=I,y.spotLights.needsUpdate=I,y.spotLightShadows.needsUpdate=I,y.rectAreaLights.needsUpdate=I,y.hemisphereLights.needsUpdate=I}function tm(y){return y.isMeshLambertMaterial||y.isMeshToonMaterial||y.isMeshPhongMaterial||y.isMeshStandardMaterial||y.isShadowMaterial||y.isShaderMaterial&&y.lights===!0}this.getActiveCubeFace=function(){return Z},this.getActiveMipmapLevel=function(){return V},this.getRenderTarget=function(){return ne},this.setRenderTargetTextures=function(y,I,k){let D=we.get(y);D.__autoAllocateDepthBuffer=y.resolveDepthBuffer===!1,D.__autoAllocateDepthBuffer===!1&&(D.__useRenderToTexture=!1),we.get(y.texture).__webglTexture=I,we.get(y.depthTexture).__webglTexture=D.__autoAllocateDepthBuffer?void 0:k,D.__hasExternalTextures=!0},this.setRenderTargetFramebuffer=function(y,I){let k=we.get(y);k.__webglFramebuffer=I,k.__useDefaultFramebuffer=I===void 0},this.setRenderTarget=function(y,I=0,k=0){ne=y,Z=I,V=k;let D=null,O=!1,ue=!1;if(y){let ce=we.get(y);if(ce.__useDefaultFramebuffer!==void 0){de.bindFramebuffer(P.FRAMEBUFFER,ce.__webglFramebuffer),j.copy(y.viewport),be.copy(y.scissor),Le=y.scissorTest,de.viewport(j),de.scissor(be),de.setScissorTest(Le),H=-1;return}else if(ce.__webglFramebuffer===void 0)Pe.setupRenderTarget(y);else if(ce.__hasExternalTextures)Pe.rebindTextures(y,we.get(y.texture).__webglTexture,we.get(y.depthTexture).__webglTexture);else if(y.depthBuffer){let De=y.depthTexture;if(ce.__boundDepthTexture!==De){if(De!==null&&we.has(De)&&(y.width!==De.image.width||y.height!==De.image.height))throw new Error("THREE.WebGLRenderer: Attached DepthTexture is initialized to the incorrect size.");Pe.setupDepthRenderbuffer(y)}}let _e=y.texture;(_e.isData3DTexture||_e.isDataArrayTexture||_e.isCompressedArrayTexture)&&(ue=!0);let Me=we.get(y).__webglFramebuffer;y.isWebGLCubeRenderTarget?(Array.isArray(Me[I])?D=Me[I][k]:D=Me[I],O=!0):y.samples>0&&Pe.useMultisampledRTT(y)===!1?D=we.get(y).__webglMultisampledFramebuffer:Array.isArray(Me)?D=Me[k]:D=Me,j.copy(y.viewport),be.copy(y.scissor),Le=y.scissorTest}else j.copy(Ie).multiplyScalar(ge).floor(),be.copy($e).multiplyScalar(ge).floor(),Le=Qe;if(k!==0&&(D=Y),de.bindFramebuffer(P.FRAMEBUFFER,D)&&de.drawBuffers(y,D),de.viewport(j),de.scissor(be),de.setScissorTest(Le),O){let ce=we.get(y.texture);P.framebufferTexture2D(P.FRAMEBUFFER,P.COLOR_ATTACHMENT0,P.TEXTURE_CUBE_MAP_POSITIVE_X+I,ce.__webglTexture,k)}else if(ue){let ce=I;for(let _e=0;_e<y.textures.length;_e++){let Me=we.get(y.textures[_e]);P.framebufferTextureLayer(P.FRAMEBUFFER,P.COLOR_ATTACHMENT0+_e,Me.__webglTexture,k,ce)}}else if(y!==null&&k!==0){let ce=we.get(y.texture);P.framebufferTexture2D(P.FRAMEBUFFER,P.COLOR_ATTACHMENT0,P.TEXTURE_2D,ce.__webglTexture,k)}H=-1};function Fh(y){let I=we.get(y);return(I.__readFormat!==y.format||I.__readType!==y.type)&&(I.__readFormat=y.format,I.__readType=y.type,I.__formatReadable=st.textureFormatReadable(y.format),I.__typeReadable=st.textureTypeReadable(y.type)),I}this.readRenderTargetPixels=function(y,I,k,D,O,ue,xe,ce=0){if(!(y&&y.isWebGLRenderTarget)){Ce("WebGLRenderer.readRenderTargetPixels: renderTarget is not THREE.WebGLRenderTarget.");return}let _e=we.get(y).__webglFramebuffer;if(y.isWebGLCubeRenderTarget&&xe!==void 0&&(_e=_e[xe],Array.isArray(_e)&&(_e=_e[0])),_e){de.bindFramebuffer(P.FRAMEBUFFER,_e);try{let Me=y.textures[ce],De=Me.format,He=Me.type;y.textures.length>1&&P.readBuffer(P.COLOR_ATTACHMENT0+ce);let ve=Fh(Me);if(ve.__formatReadable===!1){Ce("WebGLRenderer.readRenderTargetPixels: renderTarget is not in RGBA or implementation defined format.");return}if(ve.__typeReadable===!1){Ce("WebGLRenderer.readRenderTargetPixels: renderTarget is not in UnsignedByteType or implementation defined type.");return}I>=0&&I<=y.width-D&&k>=0&&k<=y.height-O&&P.readPixels(I,k,D,O,se.convert(De),se.convert(He),ue)}finally{let Me=ne!==null?we.get(ne).__webglFramebuffer:null;de.bindFramebuffer(P.FRAMEBUFFER,Me)}}},this.readRenderTargetPixelsAsync=async function(y,I,k,D,O,ue,xe,ce=0){if(!(y&&y.isWebGLRenderTarget))throw new Error("THREE.WebGLRenderer.readRenderTargetPixels: renderTarget is not THREE.WebGLRenderTarget.");let _e=we.get(y).__webglFramebuffer;if(y.isWebGLCubeRenderTarget&&xe!==void 0&&(_e=_e[xe],Array.isArray(_e)&&(_e=_e[0])),_e)if(I>=0&&I<=y.width-D&&k>=0&&k<=y.height-O){de.bindFramebuffer(P.FRAMEBUFFER,_e);let Me=y.textures[ce],De=Me.format,He=Me.type;y.textures.length>1&&P.readBuffer(P.COLOR_ATTACHMENT0+ce);let ve=Fh(Me);if(ve.__formatReadable===!1)throw new Error("THREE.WebGLRenderer.readRenderTargetPixelsAsync: renderTarget is not in RGBA or implementation defined format.");if(ve.__typeReadable===!1)throw new Error("THREE.WebGLRenderer.readRenderTargetPixelsAsync: renderTarget is not in UnsignedByteType or implementation defined type.");let We=P.createBuffer();P.bindBuffer(P.PIXEL_PACK_BUFFER,We),P.bufferData(P.PIXEL_PACK_BUFFER,ue.byteLength,P.STREAM_READ),P.readPixels(I,k,D,O,se.convert(De),se.convert(He),0),P.bindBuffer(P.PIXEL_PACK_BUFFER,null);let ht=ne!==null?we.get(ne).__webglFramebuffer:null;de.bindFramebuffer(P.FRAMEBUFFER,ht);let tt=P.fenceSync(P.SYNC_GPU_COMMANDS_COMPLETE,0);return P.flush(),await Kf(P,tt,4),P.bindBuffer(P.PIXEL_PACK_BUFFER,We),P.getBufferSubData(P.PIXEL_PACK_BUFFER,0,ue),P.bindBuffer(P.PIXEL_PACK_BUFFER,null),P.deleteBuffer(We),P.deleteSync(tt),ue}else throw new Error("THREE.WebGLRenderer.readRenderTargetPixelsAsync: requested read bounds are out of range.")},this.copyFramebufferToTexture=function(y,I=null,k=0){let D=Math.pow(2,-k),O=Math.floor(y.image.width*D),ue=Math.floor(y.image.height*D),xe=I!==null?I.x:0,ce=I!==null?I.y:0;Pe.setTexture2D(y,0),P.copyTexSubImage2D(P.TEXTURE_2D,k,0,0,xe,ce,O,ue),de.unbindTexture()},this.copyTextureToTexture=function(y,I,k=null,D=null,O=0,ue=0){let xe,ce,_e,Me,De,He,ve,We,ht,tt=y.isCompressedTexture?y.mipmaps[ue]:y.image;if(k!==null)xe=k.max.x-k.min.x,ce=k.max.y-k.min.y,_e=k.isBox3?k.max.z-k.min.z:1,Me=k.min.x,De=k.min.y,He=k.isBox3?k.min.z:0;else{let Ye=Math.pow(2,-O);xe=Math.floor(tt.width*Ye),ce=Math.floor(tt.height*Ye),y.isDataArrayTexture?_e=tt.depth:y.isData3DTexture?_e=Math.floor(tt.depth*Ye):_e=1,Me=0,De=0,He=0}D!==null?(ve=D.x,We=D.y,ht=D.z):(ve=0,We=0,ht=0);let je=se.convert(I.format),At=se.convert(I.type),Se;I.isData3DTexture?(Pe.setTexture3D(I,0),Se=P.TEXTURE_3D):I.isDataArrayTexture||I.isCompressedArrayTexture?(Pe.setTexture2DArray(I,0),Se=P.TEXTURE_2D_ARRAY):(Pe.setTexture2D(I,0),Se=P.TEXTURE_2D),de.activeTexture(P.TEXTURE0),de.pixelStorei(P.UNPACK_FLIP_Y_WEBGL,I.flipY),de.pixelStorei(P.UNPACK_PREMULTIPLY_ALPHA_WEBGL,I.premultiplyAlpha),de.pixelStorei(P.UNPACK_ALIGNMENT,I.unpackAlignment);let Nt=de.getParameter(P.UNPACK_ROW_LENGTH),Ke=de.getParameter(P.UNPACK_IMAGE_HEIGHT),hi=de.getParameter(P.UNPACK_SKIP_PIXELS),Tt=de.getParameter(P.UNPACK_SKIP_ROWS),Cr=de.getParameter(P.UNPACK_SKIP_IMAGES);de.pixelStorei(P.UNPACK_ROW_LENGTH,tt.width),de.pixelStorei(P.UNPACK_IMAGE_HEIGHT,tt.height),de.pixelStorei(P.UNPACK_SKIP_PIXELS,Me),de.pixelStorei(P.UNPACK_SKIP_ROWS,De),de.pixelStorei(P.UNPACK_SKIP_IMAGES,He);let Xn=y.isDataArrayTexture||y.isData3DTexture,ui=I.isDataArrayTexture||I.isData3DTexture;if(y.isDepthTexture){let Ye=we.get(y),Mt=we.get(I),rn=we.get(Ye.__renderTarget),ot=we.get(Mt.__renderTarget);de.bindFramebuffer(P.READ_FRAMEBUFFER,rn.__webglFramebuffer),de.bindFramebuffer(P.DRAW_FRAMEBUFFER,ot.__webglFramebuffer);for(let yt=0;yt<_e;yt++)Xn&&(P.framebufferTextureLayer(P.READ_FRAMEBUFFER,P.COLOR_ATTACHMENT0,we.get(y).__webglTexture,O,He+yt),P.framebufferTextureLayer(P.DRAW_FRAMEBUFFER,P.COLOR_ATTACHMENT0,we.get(I).__webglTexture,ue,ht+yt)),P.blitFramebuffer(Me,De,Me+xe,De+ce,ve,We,ve+xe,We+ce,P.DEPTH_BUFFER_BIT,P.NEAREST);de.bindFramebuffer(P.READ_FRAMEBUFFER,null),de.bindFramebuffer(P.DRAW_FRAMEBUFFER,null)}else if(O!==0||y.isRenderTargetTexture||we.has(y)){let Ye=we.get(y),Mt=we.get(I);de.bindFramebuffer(P.READ_FRAMEBUFFER,C),de.bindFramebuffer(P.DRAW_FRAMEBUFFER,W);for(let rn=0;rn<_e;rn++)Xn?P.framebufferTextureLayer(P.READ_FRAMEBUFFER,P.COLOR_ATTACHMENT0,Ye.__webglTexture,O,He+rn):P.framebufferTexture2D(P.READ_FRAMEBUFFER,P.COLOR_ATTACHMENT0,P.TEXTURE_2D,Ye.__webglTexture,O),ui?P.framebufferTextureLayer(P.DRAW_FRAMEBUFFER,P.COLOR_ATTACHMENT0,Mt.__webglTexture,ue,ht+rn):P.framebufferTexture2D(P.DRAW_FRAMEBUFFER,P.COLOR_ATTACHMENT0,P.TEXTURE_2D,Mt.__webglTexture,ue),O!==0?P.blitFramebuffer(Me,De,Me+xe,De+ce,ve,We,ve+xe,We+ce,P.COLOR_BUFFER_BIT,P.NEAREST):ui?P.copyTexSubImage3D(Se,ue,ve,We,ht+rn,Me,De,xe,ce):P.copyTexSubImage2D(Se,ue,ve,We,Me,De,xe,ce);de.bindFramebuffer(P.READ_FRAMEBUFFER,null),de.bindFramebuffer(P.DRAW_FRAMEBUFFER,null)}else ui?y.isDataTexture||y.isData3DTexture?P.texSubImage3D(Se,ue,ve,We,ht,xe,ce,_e,je,At,tt.data):I.isCompressedArrayTexture?P.compressedTexSubImage3D(Se,ue,ve,We,ht,xe,ce,_e,je,tt.data):P.texSubImage3D(Se,ue,ve,We,ht,xe,ce,_e,je,At,tt):y.isDataTexture?P.texSubImage2D(P.TEXTURE_2D,ue,ve,We,xe,ce,je,At,tt.data):y.isCompressedTexture?P.compressedTexSubImage2D(P.TEXTURE_2D,ue,ve,We,tt.width,tt.height,je,tt.data):P.texSubImage2D(P.TEXTURE_2D,ue,ve,We,xe,ce,je,At,tt);de.pixelStorei(P.UNPACK_ROW_LENGTH,Nt),de.pixelStorei(P.UNPACK_IMAGE_HEIGHT,Ke),de.pixelStorei(P.UNPACK_SKIP_PIXELS,hi),de.pixelStorei(P.UNPACK_SKIP_ROWS,Tt),de.pixelStorei(P.UNPACK_SKIP_IMAGES,Cr),ue===0&&I.generateMipmaps===!0&&I.mipmapsAutoUpdate===!0&&P.generateMipmap(Se),de.unbindTexture()},this.initRenderTarget=function(y){we.get(y).__webglFramebuffer===void 0&&Pe.setupRenderTarget(y)},this.initTexture=function(y){y.isCubeTexture?Pe.setTextureCube(y,0):y.isData3DTexture?Pe.setTexture3D(y,0):y.isDataArrayTexture||y.isCompressedArrayTexture?Pe.setTexture2DArray(y,0):Pe.setTexture2D(y,0),de.unbindTexture()},this.resetState=function(){Z=0,V=0,ne=null,de.reset(),oe.reset()},typeof __THREE_DEVTOOLS__<"u"&&__THREE_DEVTOOLS__.dispatchEvent(new CustomEvent("observe",{detail:this}))}get coordinateSystem(){return en}get outputColorSpace(){return this._outputColorSpace}set outputColorSpace(e){this._outputColorSpace=e;let t=this.getContext();t.drawingBufferColorSpace=ze._getDrawingBufferColorSpace(e),t.unpackColorSpace=ze._getUnpackColorSpace()}};var gl=class{constructor(e=16){this.capacity=Math.max(1,e|0),this.matrices=new Float32Array(this.capacity*16),this.colors=new Float32Array(this.capacity*3),this.index=new Map,this.keys=[]}get count(){return this.keys.length}slot(e){return this.index.get(e)??-1}add(e){let t=this.index.get(e);if(t!==void 0)return{slot:t,grew:!1};let i=!1;this.keys.length===this.capacity&&(this.grow(this.capacity*2),i=!0);let s=this.keys.length;return this.keys.push(e),this.index.set(e,s),{slot:s,grew:i}}grow(e){let t=new Float32Array(e*16);t.set(this.matrices.subarray(0,this.keys.length*16));let i=new Float32Array(e*3);i.set(this.colors.subarray(0,this.keys.length*3)),this.capacity=e,this.matrices=t,this.colors=i}remove(e){let t=this.index.get(e);if(t===void 0)return!1;this.index.delete(e);let i=this.keys.length-1,s=this.keys.pop();return t!==i&&(this.keys[t]=s,this.index.set(s,t),this.matrices.copyWithin(t*16,i*16,i*16+16),this.colors.copyWithin(t*3,i*3,i*3+3)),!0}clear(){this.index.clear(),this.keys.length=0}setBox(e,t,i,s,r,o,a){let c=Math.cos(a),l=Math.sin(a),h=this.matrices,u=e*16;h[u]=c*r,h[u+1]=0,h[u+2]=-l*r,h[u+3]=0,h[u+4]=0,h[u+5]=o,h[u+6]=0,h[u+7]=0,h[u+8]=l*r,h[u+9]=0,h[u+10]=c*r,h[u+11]=0,h[u+12]=t,h[u+13]=i,h[u+14]=s,h[u+15]=1}shift(e,t,i){let s=this.matrices;for(let r=0,o=this.keys.length*16;r<o;r+=16)s[r+12]+=e,s[r+13]+=t,s[r+14]+=i}box(e){let t=this.matrices,i=e*16;return{position:{x:t[i+12],y:t[i+13],z:t[i+14]},size:{x:Math.hypot(t[i],t[i+1],t[i+2]),y:Math.hypot(t[i+4],t[i+5],t[i+6]),z:Math.hypot(t[i+8],t[i+9],t[i+10])}}}setColor(e,t){let i=this.colors,s=e*3;i[s]=(t>>16&255)/255,i[s+1]=(t>>8&255)/255,i[s+2]=(t&255)/255}color(e){let t=this.colors,i=e*3,s=r=>Math.round(Math.min(1,Math.max(0,r))*255);return s(t[i])<<16|s(t[i+1])<<8|s(t[i+2])}};var kS=Object.freeze([.62,.86,.9]),zS=0,VS=2.5,Up=Object.freeze([1,1,1]);function Op(n,e,t){let i=e(Math.floor(n.x),Math.floor(n.y),Math.floor(n.z));return i>0&&t.liquid(i)?i:0}function Fp(n,e,t){if(n){let s=e.get(n);if(s&&s.transparent)return{underwater:!0,medium:n,background:1793646,fog:1793646,near:.5,far:24,tint:kS,waterDoubleSided:!0};let r=GS(s?s.color:1793646,.6);return{underwater:!0,medium:n,background:r,fog:r,near:zS,far:VS,tint:Up,waterDoubleSided:!0}}let i=Math.max(2,t)*16;return{underwater:!1,medium:0,background:10274028,fog:10274028,near:i*.6,far:i,tint:Up,waterDoubleSided:!1}}function GS(n,e){let t=Math.round((n>>16&255)*e),i=Math.round((n>>8&255)*e),s=Math.round((n&255)*e);return t<<16|i<<8|s}ze.enabled=!1;var HS=new tn(new F(8,8,8),Math.sqrt(192)+.01),kp=.32,WS=.15,Mh=48,zp=32,gs=256,Vp=new Bn,XS=new Je,Eh=new tn;function YS(n){let e=n.length>zp?`${n.slice(0,zp-1)}\u2026`:n,t=document.createElement("canvas"),i=t.getContext("2d"),s=`${Mh}px sans-serif`;i.font=s;let r=Mh*.3;t.width=Math.ceil(i.measureText(e).width+2*r),t.height=Math.ceil(Mh*1.3),i.font=s,i.fillStyle="rgba(0, 0, 0, 0.45)",i.fillRect(0,0,t.width,t.height),i.fillStyle="#ffffff",i.textBaseline="middle",i.fillText(e,r,t.height/2);let o=new cr(t),a=new ir(new as({map:o,transparent:!0,fog:!1}));return a.scale.set(kp*t.width/t.height,kp,1),a}function Ah(){this.array=null}var _l=class{constructor(e){this.canvas=e,this.gl=new fl({canvas:e,antialias:!0,powerPreference:"high-performance"}),this.gl.setPixelRatio(Math.min(window.devicePixelRatio||1,2)),this.gl.outputColorSpace=Ti,this.scene=new js,this.scene.background=new Ve(10274028),this.scene.fog=new Qs(10274028,64,160),this.camera=new Lt(75,1,.05,1e3),this.opaqueMat=new ii({vertexColors:!0}),this.waterMat=new ii({vertexColors:!0,transparent:!0,opacity:.6,depthWrite:!1,forceSinglePass:!0}),this.sections=new Map,this.entities=new Map,this.entityGeo=new zn(1,1,1).translate(0,.5,0),this.entityMat=new ii({color:16777215}),this.viewDistance=10,this.medium=0,this.blocks=null,this.view=null,this.applyView(),this.slots=new gl,this.entityOrigin={x:0,y:0,z:0},this.entityMesh=null,this.entitiesInView=0,this.makeEntityMesh(),this.outline=new ar(new dr(new zn(1.004,1.004,1.004).translate(.5,.5,.5)),new ls({color:1118481})),this.outline.visible=!1,this.scene.add(this.outline),this.resize(),window.addEventListener("resize",()=>this.resize()),e.addEventListener("webglcontextlost",()=>location.reload())}resize(){let e=this.canvas.clientWidth||window.innerWidth,t=this.canvas.clientHeight||window.innerHeight;this.gl.setSize(e,t,!1),this.camera.aspect=e/t,this.camera.updateProjectionMatrix()}setViewDistance(e){let t=Math.max(2,e)*16;this.viewDistance=e,this.camera.far=t+32,this.camera.updateProjectionMatrix(),this.applyView()}setMedium(e,t){e===this.medium&&t===this.blocks||(this.medium=e,this.blocks=t,this.applyView())}applyView(){let e=Fp(this.blocks?this.medium:0,this.blocks,this.viewDistance);this.view=e,this.scene.background.setHex(e.background),this.scene.fog.color.setHex(e.fog),this.scene.fog.near=e.near,this.scene.fog.far=e.far;for(let i of[this.opaqueMat,this.waterMat,this.entityMat])i.color.setRGB(e.tint[0],e.tint[1],e.tint[2]);let t=e.waterDoubleSided?nn:En;this.waterMat.side!==t&&(this.waterMat.side=t,this.waterMat.needsUpdate=!0)}setCamera(e,t){this.camera.position.set(e.x,e.y,e.z),this.camera.lookAt(e.x+t.x,e.y+t.y,e.z+t.z),this.moveEntityOrigin(e)}setSectionMesh(e,t,i,s,r,o){let a=this.sections.get(e);a&&this.disposeSection(a);let c={opaque:r?this.makeMesh(r,this.opaqueMat,t,i,s):null,translucent:o?this.makeMesh(o,this.waterMat,t,i,s):null};this.sections.set(e,c)}makeMesh(e,t,i,s,r){let o=new Xt;o.setAttribute("position",new It(e.positions,3).onUpload(Ah)),o.setAttribute("color",new It(e.colors,3,!0).onUpload(Ah)),o.setIndex(new It(e.indices,1).onUpload(Ah)),o.boundingSphere=HS.clone();let a=new zt(o,t);return a.position.set(i*16,s*16,r*16),a.matrixAutoUpdate=!1,a.updateMatrix(),this.scene.add(a),a}removeSection(e){let t=this.sections.get(e);t&&(this.disposeSection(t),this.sections.delete(e))}disposeSection(e){for(let t of[e.opaque,e.translucent])t&&(this.scene.remove(t),t.geometry.dispose())}clearSections(){for(let e of[...this.sections.keys()])this.removeSection(e)}setTarget(e){this.outline.visible=!!e,e&&this.outline.position.set(e.x,e.y,e.z)}makeEntityMesh(){let e=this.entityMesh;e&&(this.scene.remove(e),e.dispose());let t=this.slots.capacity,i=new or(this.entityGeo,this.entityMat,0);i.instanceMatrix=new si(new Float32Array(t*16),16).setUsage(ll),i.instanceColor=new si(new Float32Array(t*3),3).setUsage(ll),i.visible=!1,i.frustumCulled=!1,i.position.set(this.entityOrigin.x,this.entityOrigin.y,this.entityOrigin.z),this.entityMesh=i,this.scene.add(i)}moveEntityOrigin(e){let t=this.entityOrigin,i=Math.round(e.x/gs)*gs,s=Math.round(e.y/gs)*gs,r=Math.round(e.z/gs)*gs;i===t.x&&s===t.y&&r===t.z||(this.slots.shift(t.x-i,t.y-s,t.z-r),t.x=i,t.y=s,t.z=r,this.entityMesh.position.set(i,s,r))}setEntity(e,t){let i=this.entities.get(e.id),{slot:s,grew:r}=this.slots.add(e.id);r&&this.makeEntityMesh(),i||(i={color:-1,tag:null,name:""},this.entities.set(e.id,i)),i.color!==t&&(this.slots.setColor(s,t),i.color=t),i.name!==e.name&&(this.disposeTag(i),i.name=e.name,e.name&&(i.tag=YS(e.name),this.scene.add(i.tag)));let o=this.entityOrigin;this.slots.setBox(s,e.shown.x-o.x,e.shown.y-o.y,e.shown.z-o.z,e.width,e.height,-e.yaw*Math.PI/180),i.tag&&i.tag.position.set(e.shown.x,e.shown.y+e.height+WS+i.tag.scale.y/2,e.shown.z)}removeEntity(e){let t=this.entities.get(e);t&&(this.slots.remove(e),this.disposeTag(t),this.entities.delete(e))}disposeTag(e){e.tag&&(this.scene.remove(e.tag),e.tag.material.map.dispose(),e.tag.material.dispose(),e.tag=null)}clearEntities(){for(let e of this.entities.values())this.disposeTag(e);this.entities.clear(),this.slots.clear()}entityDrawing(e){let t=this.entities.get(e),i=this.slots.slot(e);if(!t||i<0)return null;let{position:s,size:r}=this.slots.box(i),o=this.entityMesh.position;return{position:{x:o.x+s.x,y:o.y+s.y,z:o.z+s.z},size:r,color:this.slots.color(i),tag:t.tag?t.name:null}}syncEntities(){let e=this.entityMesh,t=this.slots,i=t.count,s=0;if(i>0){this.camera.updateMatrixWorld(),Vp.setFromProjectionMatrix(XS.multiplyMatrices(this.camera.projectionMatrix,this.camera.matrixWorldInverse));let r=this.entityOrigin,o=t.matrices,a=t.colors,c=e.instanceMatrix.array,l=e.instanceColor.array;for(let h=0;h<i;h++){let u=h*16,d=Math.hypot(o[u],o[u+2]),p=o[u+5];if(Eh.center.set(r.x+o[u+12],r.y+o[u+13]+p/2,r.z+o[u+14]),Eh.radius=Math.sqrt(d*d/2+p*p/4),!Vp.intersectsSphere(Eh))continue;let g=s*16;for(let v=0;v<16;v++)c[g+v]=o[u+v];l[s*3]=a[h*3],l[s*3+1]=a[h*3+1],l[s*3+2]=a[h*3+2],s++}}e.count=s,e.visible=s>0,this.entitiesInView=s,s>0&&(e.instanceMatrix.clearUpdateRanges(),e.instanceMatrix.addUpdateRange(0,s*16),e.instanceMatrix.needsUpdate=!0,e.instanceColor.clearUpdateRanges(),e.instanceColor.addUpdateRange(0,s*3),e.instanceColor.needsUpdate=!0)}render(){this.syncEntities(),this.gl.render(this.scene,this.camera)}get triangles(){return this.gl.info.render.triangles}};var Hp=12e3,Wp=32,Kp=new Set(["UNSUPPORTED_VERSION","BAD_NAME","FORBIDDEN","NAME_BOUND","AUTH_FAILED"]),KS=new Set([...Kp,"KICKED","REPLACED"]),lt=class extends Error{constructor(e,t,{retry:i=!0,reason:s="",local:r=!1}={}){super(t),this.name="SessionError",this.code=e,this.retry=i,this.reason=s,this.local=r}};function Th(n,e){let t=n.reason?`: ${n.reason}`:"";switch(n.code){case"NAME_BOUND":return`${n.reason||`the name "${e}" belongs to another key on this server: pick another name, or ask an operator to release it`}. This browser's key is not that one (was this site's data cleared? is this another browser or profile?); ?name=\u2026 picks another name.`;case"AUTH_FAILED":return`login refused${t||": the server did not accept this browser's signature or credentials"}. Reload the page to try again.`;case"FORBIDDEN":return`not allowed on this server${t}`;case"REPLACED":return`this player logged in again elsewhere (another tab or window)${t}; this page stopped. Reload it to play here.`;case"KICKED":return`kicked by the server${t}`;case"NAME_TAKEN":return`the name "${e}" is playing already (with another key)${t}`;default:return n.message}}function wh(n,e,t){let i=ql(e);if(i)throw new TypeError(`onPlugin: ${i}`);if(typeof t!="function")throw new TypeError("onPlugin: handler is not a function");let s=n.get(e);return s||n.set(e,s=new Set),s.add(t),()=>{s.delete(t),s.size===0&&n.get(e)===s&&n.delete(e)}}var xl=class{constructor(e,t,i={}){this.target=e,this.h=t,this.plugins=i.plugins??new Map,this.wt=null,this.writer=null,this.closed=!1,this.welcome=null,this.blocks=null,this.features=[],this.deflateChunks=!1,this.stats={controlIn:0,controlOut:0,chunkFrames:0,chunkWireBytes:0,chunkBytes:0,datagrams:0,badDatagrams:0,pluginIn:0,pluginOut:0,pluginUnhandled:0}}async connect(e){if(typeof WebTransport>"u")throw new lt("UNSUPPORTED",window.isSecureContext?"this browser has no WebTransport (use a current Chromium, Edge or Firefox)":"WebTransport needs a secure context: open the page via https:// or http://localhost / 127.0.0.1",{retry:!1});if(!e.identity)throw new lt("UNSUPPORTED","no login key: the page could not make one",{retry:!1});this.features=gd();let t={allowPooling:!1};this.target.certHashes.length&&(t.serverCertificateHashes=this.target.certHashes.map(r=>({algorithm:"sha-256",value:r})));let i;try{i=new WebTransport(this.target.url,t),this.wt=i,await i.ready}catch(r){throw new lt("TRANSPORT",`cannot open WebTransport session to ${this.target.url}: ${r.message||r}`)}let s=i.closed.then(r=>r,r=>({closeCode:qn.INTERNAL,reason:r.message||String(r)}));try{let r=await i.createBidirectionalStream();this.writer=r.writable.getWriter();let o=r.readable.getReader(),a=new Ns(65536),c="Challenge",l=async()=>{let u=async()=>{let v=await Promise.race([Xp(o,a),s.then(m=>Promise.reject(Yp(m)))]);if(v===null)throw new lt("PROTOCOL_VIOLATION",`server ended the control stream before its ${c}`);let f=Jl(v);if(f.kind.case==="reject")throw ZS(f.kind.value);return f};this.send("hello",{protocolVersion:md,name:e.name,features:this.features,viewDistance:e.viewDistance,publicKey:e.identity.publicKey,token:e.token??new Uint8Array(0)});let d=await u();if(d.kind.case!=="challenge")throw new lt("PROTOCOL_VIOLATION",`first control message is ${d.kind.case}, not challenge`,{local:!0});let p=await this.sign(d.kind.value,e.name,e.identity);this.send("proof",{signature:p}),c="Welcome";let g=await u();if(g.kind.case!=="welcome")throw new lt("PROTOCOL_VIOLATION",`control message after the Proof is ${g.kind.case}, not welcome`,{local:!0});return g.kind.value};this.welcome=await JS(l(),Hp,()=>new lt("HANDSHAKE_TIMEOUT",`no ${c} within ${Hp/1e3} s`));try{this.blocks=Pr(this.welcome)}catch(u){throw u instanceof Yn?new lt("INVALID_MESSAGE",`Welcome: ${u.message}`,{local:!0}):u}let h=this.welcome.limits;return h?.controlFrameCap&&(a.cap=h.controlFrameCap),this.chunkCap=h?.chunkFrameCap||1048576,this.deflateChunks=this.features.includes(Ls)&&(this.welcome.features??[]).includes(Ls),this.h.onWelcome?.(this.welcome,this.blocks),this.controlLoop(o,a),this.acceptStreams(i),this.datagramLoop(i),s.then(u=>this.finish(u.closeCode?Yp(u):new lt("NONE",`server closed the session${u.reason?`: ${u.reason}`:""}`))),this.welcome}catch(r){let o=_s(r);this.closed=!0;try{let a=o.local?qn[o.code]??qn.INTERNAL:0;i.close({closeCode:a,reason:o.local?o.message.slice(0,100):"handshake failed"})}catch{}throw o}}async sign(e,t,i){if(e.binding!==Cs.SERVER_CERT){let r=Cs[e.binding]??`binding ${e.binding}`;throw new lt("PROTOCOL_VIOLATION",`the server asks for a login bound to ${r}, which a browser cannot compute (WebTransport logins are bound to the server certificate)`,{retry:!1,local:!0})}if(e.nonce.length!==Wp)throw new lt("INVALID_MESSAGE",`Challenge nonce is ${e.nonce.length} bytes, not ${Wp}`,{local:!0});let s=this.target.loginCertHash??this.target.certHashes[0];if(!s)throw new lt("UNSUPPORTED","cannot sign the login: config.json names no certificate hash (certHash, or loginCertHash for a CA-issued certificate), and a page cannot read the certificate itself",{local:!0});try{return await i.sign(Nd(Cs.SERVER_CERT,s,e.nonce,t,i.publicKey))}catch(r){throw r instanceof $n?new lt("UNSUPPORTED",r.message,{retry:!1}):r}}send(e,t){if(this.closed||!this.writer)return!1;let i=Zl(e,t);return this.stats.controlOut++,this.writer.write(i).catch(s=>this.finish(_s(s))),!0}sendAll(e){if(this.closed||!this.writer)return!1;if(e.length===0)return!0;let t=e.map(([r,o])=>Zl(r,o)),i=new Uint8Array(t.reduce((r,o)=>r+o.length,0)),s=0;for(let r of t)i.set(r,s),s+=r.length;return this.stats.controlOut+=t.length,this.writer.write(i).catch(r=>this.finish(_s(r))),!0}sendPlugin(e,t=new Uint8Array(0)){let i=ql(e);if(i)throw new TypeError(`sendPlugin: ${i}`);let s=this.send("plugin",{channel:e,payload:qS(t)});return s&&this.stats.pluginOut++,s}onPlugin(e,t){return wh(this.plugins,e,t)}dispatchPlugin(e){this.stats.pluginIn++;let t=this.plugins.get(e.channel);if(!t||t.size===0){this.stats.pluginUnhandled++;return}for(let i of[...t])try{i(e.payload,e.channel)}catch(s){console.warn(`strata: plugin handler for ${e.channel}:`,s)}}close(e="bye"){if(!this.closed){this.closed=!0;try{this.wt?.close({closeCode:0,reason:e})}catch{}this.h.onClose(null)}}fail(e){let t=_s(e);if(!this.closed)try{this.wt?.close({closeCode:qn[t.code]??qn.INTERNAL,reason:t.message.slice(0,100)})}catch{}this.finish(t)}finish(e){this.closed||(this.closed=!0,this.h.onClose(e))}async controlLoop(e,t){try{for(;;){let i=await Xp(e,t);if(i===null)return this.finish(new lt("NONE","server ended the control stream"));this.stats.controlIn++;let s=Jl(i);s.kind.case==="plugin"&&this.dispatchPlugin(s.kind.value),s.kind.case&&this.h.onServerMessage(s)}}catch(i){i instanceof Et?this.fail(i):this.finish(_s(i))}}acceptStreams(e){let t=!1,i=r=>{if(t){r.cancel().catch(()=>{});return}t=!0,this.chunkLoop(r)},s=async(r,o)=>{let a=r.getReader();try{for(;;){let{value:c,done:l}=await a.read();if(l)return;i(o(c))}}catch{}};s(e.incomingUnidirectionalStreams,r=>r),s(e.incomingBidirectionalStreams,r=>(r.writable.close().catch(()=>{}),r.readable))}async chunkLoop(e){let t=new Ns(this.chunkCap||1048576),i=this.stats,s={ended:!1,error:void 0},r=e;if(this.deflateChunks){let a=e.getReader();r=new ReadableStream({async pull(l){let h;try{h=await a.read()}catch(u){throw s.error=u,u}if(h.done){s.ended=!0,l.close();return}i.chunkWireBytes+=h.value.byteLength,l.enqueue(h.value)},cancel:l=>a.cancel(l)},{highWaterMark:0}).pipeThrough(new DecompressionStream("deflate-raw"))}let o=r.getReader();try{for(;;){let a;try{a=await o.read()}catch(h){throw this.deflateChunks?$S(h,s):h}let{value:c,done:l}=a;if(l)return;this.deflateChunks||(i.chunkWireBytes+=c.byteLength),i.chunkBytes+=c.byteLength,t.push(c);for(let h;(h=t.next())!==null;){i.chunkFrames++;let u=_d(h);u.kind.case&&this.h.onChunkMessage(u)}}}catch(a){o.cancel().catch(()=>{}),a instanceof Et?this.fail(a):this.finish(_s(a))}}async datagramLoop(e){let t=e.datagrams.readable.getReader();try{for(;;){let{value:i,done:s}=await t.read();if(s)return;this.stats.datagrams++;let r;try{r=Md(i)}catch{this.stats.badDatagrams++;continue}r.kind.case&&this.h.onDatagram(r)}}catch{}}};function qS(n){if(n instanceof Uint8Array)return n;if(n instanceof ArrayBuffer)return new Uint8Array(n);if(ArrayBuffer.isView(n))return new Uint8Array(n.buffer,n.byteOffset,n.byteLength);if(typeof n=="string")return new TextEncoder().encode(n);if(Array.isArray(n))return Uint8Array.from(n);throw new TypeError("sendPlugin: payload must be bytes (Uint8Array, ArrayBuffer, number[]) or a string")}async function Xp(n,e){for(;;){let t=e.next();if(t!==null)return t;let{value:i,done:s}=await n.read();if(s){if(e.buffered)throw new lt("MALFORMED","stream ended inside a frame");return null}e.push(i)}}function $S(n,e){if(e.error!==void 0&&n===e.error)return n;let t=e.ended?"the stream ended inside its DEFLATE data":n&&n.message||String(n);return new Et("MALFORMED",`${Ls}: the chunk stream does not decompress: ${t}`)}function Yp(n){let e=vi(n.closeCode??0);return new lt(e,`closed by server: ${e}${n.reason?`: ${n.reason}`:""}`,{retry:!KS.has(e),reason:n.reason??""})}function ZS(n){let e=vi(n.code);return new lt(e,`rejected: ${e}${n.reason?`: ${n.reason}`:""}`,{retry:!Kp.has(e),reason:n.reason??""})}function _s(n){if(n instanceof lt)return n;if(n instanceof Et)return new lt(n.code,n.message);if(n&&n.name==="WebTransportError"&&n.streamErrorCode!=null){let e=vi(n.streamErrorCode);return new lt(e,`stream reset by server: ${e}`)}return new lt("TRANSPORT",n&&n.message||String(n))}function JS(n,e,t){let i;return Promise.race([n,new Promise((s,r)=>{i=setTimeout(()=>r(t()),e)})]).finally(()=>clearTimeout(i))}var xs=class{constructor(e){this.buf=new Float64Array(e),this.n=0,this.i=0}add(e){this.buf[this.i]=e,this.i=(this.i+1)%this.buf.length,this.n=Math.min(this.n+1,this.buf.length)}percentile(e){return this.n===0?0:Array.from(this.buf.subarray(0,this.n)).sort((i,s)=>i-s)[Math.min(this.n-1,Math.floor(e/100*this.n))]}mean(){if(this.n===0)return 0;let e=0;for(let t=0;t<this.n;t++)e+=this.buf[t];return e/this.n}},yl=class{constructor(e=5){this.seconds=e,this.events=[]}add(e,t=1){this.events.push([e,t]),this.trim(e)}trim(e){let t=e-this.seconds*1e3;for(;this.events.length&&this.events[0][0]<t;)this.events.shift()}perSecond(e){this.trim(e);let t=0;for(let[,i]of this.events)t+=i;return t/this.seconds}},Rr=class{constructor(e=4e3){this.times=new xs(e),this.totalMs=0,this.beyondMs=0}add(e,t){this.times.add(e),this.totalMs+=e,this.beyondMs+=Math.max(0,e-t),this.limitMs=t}summary(){let e=this.times;return{count:e.n,meanMs:e.mean(),p50Ms:e.percentile(50),p95Ms:e.percentile(95),maxMs:e.percentile(100),totalMs:this.totalMs,beyondLimitMs:this.beyondMs,limitMs:this.limitMs??0}}};var QS=8,jS=2e3;function eb(n){return BigInt(Math.max(1,Math.floor((n.inputBankTicks||20)/2)))}var qp=Object.freeze({forward:0,strafe:0,up:0,jump:!1,sprint:!1}),vl=class{constructor(e,t,i){this.canvas=e,this.renderer=new _l(e),this.hud=new to(t,e),this.blocks=vs(),this.rules=Fi,this.player=new oo(this.rules,this.blocks),this.predictor=new lo(this.player),this.move=qp,this.store=new so,this.epochs=new Map,this.nextEpoch=0,this.worker=new Worker(i,{name:"strata-mesher"}),this.worker.onmessage=r=>this.onWorker(r.data),this.worker.onerror=r=>this.setError(`mesh worker: ${r.message}`);let s=Hh(location,$p());this.name=s.name,this.nameSource=s.source,this.identity=null,this.viewDistance=QS,this.session=null,this.welcome=null,this.state="starting",this.stateDetail="",this.lastError="",this.lastErrorCode="",this.held=null,this.selected=this.defaultSelection(),this.target=null,this.requestId=0,this.pending=new Map,this.lastRefusal=null,this.plugins=new Map,this.lastInput="",this.lastInputTick=0n,this.entities=new Qr,this.names=new Map,this.rtt=null,this.pingNonce=0n,this.corrections=0,this.holds=0,this.chat=[],this.stalls=[],this.stats={sectionsReceived:0,airSections:0,drops:0,meshesBuilt:0,meshMs:new xs(200),firstMeshAt:null,frameMs:new xs(300),run:new Rr,sectionRate:new yl(5)},this.controls=new Dr(e,{onLook:(r,o)=>this.look(r,o),onBreak:()=>this.breakTarget(),onPlace:()=>this.placeTarget(),onToggleFly:()=>this.setFlying(!this.player.flying),onSelect:(r,o)=>this.select(r,o),onViewDistance:r=>this.setViewDistance(this.viewDistance+r),onChat:()=>this.openChat(),onLockChange:r=>document.getElementById("overlay").hidden=r}),this.testMove=null,this.setupChat()}async run(){this.setTickRate(20),requestAnimationFrame(()=>this.frame()),this.setState("key","loading this browser's key");try{this.identity=await Pd()}catch(t){this.setError(t.message),this.setState("failed",t.message);return}this.identity.stored||console.warn(`strata: the login key is not kept (${this.identity.why}): this name will be bound to a key lost with the page`);let e=2e3;for(;;){this.setState("config","fetching config.json");let t;try{t=await Gh(location),this.viewDistance=t.viewDistance??this.viewDistance}catch(o){this.setError(o.message),await this.retryIn(e),e=Math.min(e*2,15e3);continue}this.setState("connecting",t.url);let i=new Promise(o=>this.onClosed=o),s=new xl(t,{onWelcome:(o,a)=>{this.session=s,this.onWelcome(o,t,a)},onServerMessage:o=>this.onServer(o),onChunkMessage:o=>this.onChunk(o),onDatagram:o=>this.onDatagram(o),onClose:o=>this.onClosed(o)},{plugins:this.plugins});try{await s.connect({name:this.name,viewDistance:this.viewDistance,identity:this.identity}),e=2e3}catch(o){if(this.setError(o.message,o.code),o.code==="NAME_TAKEN")this.name=Lr(),this.nameSource="new";else if(o.code==="NAME_BOUND"&&this.nameSource==="new"){this.name=Lr(),$p()?.setItem("strata.name",this.name),await this.retryIn(500);continue}if(!o.retry){this.setState("failed",Th(o,this.name));return}await this.retryIn(e),e=Math.min(e*2,15e3);continue}let r=await i;if(this.session=null,this.resetWorld(),r&&this.setError(r.message,r.code),r&&!r.retry){this.setState("failed",Th(r,this.name));return}await this.retryIn(e)}}async runDemo(){this.setTickRate(20),requestAnimationFrame(()=>this.frame());let e={entityId:0n,spawn:{x:-52.5,y:92,z:-60.5},yaw:-35,pitch:28,viewDistance:6,sectionFormat:$r,bounds:{minSectionY:-4,maxSectionY:19},limits:{maxViewDistance:8,maxChatLength:256},features:[Ps]};this.onWelcome(e,{url:"demo"}),this.demo=!0,this.player.flying=!0,this.setState("demo","generated world, no server"),this.onServer({kind:{case:"entitySpawns",value:Kh()}});let t=1n;setInterval(()=>this.onDatagram({kind:{case:"playerState",value:qh(++t)}}),50);let i=0;for(let{pos:s,data:r}of Wh(5))this.onChunk({kind:{case:"chunk",value:{pos:s,revision:1n,data:r}}}),++i%16===0&&await new Promise(o=>setTimeout(o,0))}async retryIn(e){let t=performance.now()+e;for(;performance.now()<t;)this.setState("waiting",`retrying in ${Math.ceil((t-performance.now())/1e3)} s`),await new Promise(i=>setTimeout(i,250))}setState(e,t=""){this.state=e,this.stateDetail=t}setError(e,t=""){this.lastError=e,this.lastErrorCode=t,console.warn("strata:",e)}onWelcome(e,t,i=Pr(e)){e.sectionFormat!==$r&&e.sectionFormat!==0&&this.setError(`server sends section format ${e.sectionFormat}; this client decodes ${$r}`),this.welcome=e,this.blocks=i,this.rules=Ld(e.limits),this.setTickRate(e.limits?.tickRate||20),this.player.rules=this.rules,this.player.blocks=i,this.selected=this.defaultSelection(),this.player.pos={x:e.spawn?.x??.5,y:e.spawn?.y??80,z:e.spawn?.z??.5},this.player.vel={x:0,y:0,z:0},this.player.yaw=e.yaw,this.player.pitch=e.pitch,this.player.flying=!1,this.entities.reset(e.entityId,(e.features??[]).includes(Ps)),this.renderer.clearEntities(),this.viewDistance=e.viewDistance||this.viewDistance,this.renderer.setViewDistance(this.viewDistance),this.store.setTop(e.bounds?.maxSectionY??19),this.worker.postMessage({type:"init",minSectionY:e.bounds?.minSectionY??-4,blocks:i.fromServer?i.blocks:void 0}),this.predictor.reset(),this.lastInput="",this.lastInputTick=0n,this.held=null,this.lastError="",this.lastErrorCode="",this.lastRefusal=null,this.setState("connected",`${t.url} as ${this.name}`)}setTickRate(e){let t=1e3/e;t!==this.tickMs&&(this.tickMs=t,clearInterval(this.tickTimer),this.tickTimer=setInterval(()=>this.tick(),t))}resetWorld(){this.worker.postMessage({type:"reset"}),this.epochs.clear(),this.store.clear(),this.renderer.clearSections(),this.renderer.clearEntities(),this.entities.reset(),this.pending.clear(),this.welcome=null,this.held=null}send(e,t){return this.demo?this.demoServer(e,t):this.session?.send(e,t)??!1}demoServer(e,t){if(e!=="breakBlock"&&e!=="placeBlock")return!0;let i=e==="breakBlock"?0:t.block;return this.demoRevision=(this.demoRevision??1n)+1n,queueMicrotask(()=>{this.onServer({kind:{case:"blockUpdate",value:{pos:t.pos,block:i,revision:this.demoRevision}}}),this.onServer({kind:{case:"actionAck",value:{requestId:t.requestId,accepted:!0,result:0,revision:this.demoRevision}}})}),!0}onServer(e){let t=e.kind.value;switch(e.kind.case){case"actionAck":{let i=this.pending.get(t.requestId);if(this.pending.delete(t.requestId),!t.accepted){let s=Ad(t);this.lastRefusal={requestId:t.requestId,kind:i?.kind??"action",result:ec(t.result),reason:t.reason??""},this.hud.toast(`${i?.kind??"action"} refused: ${s}`,t.reason?3500:2e3),this.setError(`${i?.kind??"action"} #${t.requestId} refused: ${s}`)}break}case"correction":this.lastCorrection={lastInputTick:Number(t.lastInputTick),at:Number(this.predictor.tick),teleport:!!t.teleport,position:t.position&&{x:t.position.x,y:t.position.y,z:t.position.z},predicted:this.predictor.history.find(i=>i.tick===BigInt(t.lastInputTick??0))?.after.pos??null},this.predictor.correct(t,(i,s,r)=>this.store.blockAt(i,s,r)),t.teleport&&(this.player.yaw=t.yaw,this.player.pitch=t.pitch),this.lastInput="",this.corrections++;break;case"blockUpdate":t.pos&&this.worker.postMessage({type:"block",bx:t.pos.x,by:t.pos.y,bz:t.pos.z,block:t.block,revision:t.revision});break;case"chatBroadcast":this.addChat(t.system||!t.from?`* ${t.text}`:`<${t.from}> ${t.text}`);break;case"ping":this.send("pong",{nonce:t.nonce,time:t.time,receiverTime:BigInt(Date.now())*1000n});break;case"pong":this.rtt=performance.now()-Number(t.time)/1e3;break;case"error":this.setError(`server: ${vi(t.code)}${t.message?`: ${t.message}`:""}`),t.fatal||this.hud.toast(t.message||vi(t.code));break;case"held":this.held={missing:t.missing},this.holds++;break;case"released":this.held=null,this.predictor.resync(),this.lastInput="";break;case"playerJoined":this.names.set(t.entityId,t.name);break;case"playerLeft":this.names.delete(t.entityId),this.entities.remove(t.entityId),this.renderer.removeEntity(t.entityId);break;case"entitySpawns":this.entities.spawn(t);break;case"entityDespawns":for(let i of this.entities.despawn(t))this.renderer.removeEntity(i);break}}onChunk(e){if(e.kind.case==="drops"){let i=xd(e.kind.value);for(let r of i)this.forget(r);let s=Zp(i);this.worker.postMessage({type:"drops",coords:s},[s.buffer]);return}if(e.kind.case==="air"){this.onAirSections(e.kind.value);return}let t=e.kind.value.pos??{x:0,y:0,z:0};if(e.kind.case==="chunk"){let i=e.kind.value;this.countReceived(1);let s=i.data;this.worker.postMessage({type:"chunk",x:t.x,y:t.y,z:t.z,revision:i.revision,data:s,epoch:this.epochOf(t)},[s.buffer])}else e.kind.case==="drop"&&(this.forget(t),this.worker.postMessage({type:"drop",x:t.x,y:t.y,z:t.z}))}onAirSections(e){let t=yd(e),i=new Float64Array(t.length);for(let r=0;r<t.length;r++)i[r]=this.epochOf(t[r]);let s=Zp(t);this.countReceived(t.length),this.stats.airSections+=t.length,this.worker.postMessage({type:"air",coords:s,epochs:i},[s.buffer,i.buffer])}epochOf(e){let t=gn(e.x,e.y,e.z),i=this.epochs.get(t);return i===void 0&&this.epochs.set(t,i=++this.nextEpoch),i}countReceived(e){this.stats.sectionsReceived+=e,this.stats.sectionRate.add(performance.now(),e)}forget(e){let t=gn(e.x,e.y,e.z);this.stats.drops++,this.epochs.delete(t),this.store.delete(e.x,e.y,e.z),this.renderer.removeSection(t)}onDatagram(e){let t=Ed(e);t&&this.entities.state(t,i=>this.names.get(i))}onWorker(e){let t=gn(e.x??0,e.y??0,e.z??0);switch(e.type){case"section":this.epochs.get(t)===e.epoch&&this.store.put({x:e.x,y:e.y,z:e.z,uniform:e.uniform,cells:e.cells,revision:e.revision,epoch:e.epoch});break;case"block":this.store.setBlock(e.bx,e.by,e.bz,e.block);break;case"mesh":if(this.epochs.get(t)!==e.epoch)return;this.showMesh(t,e);break;case"air":this.onWorkerAir(e);break;case"error":this.setError(`section (${e.x},${e.y},${e.z}): ${e.message}`);break}}showMesh(e,t){this.renderer.setSectionMesh(e,t.x,t.y,t.z,t.opaque,t.translucent),this.stats.meshesBuilt++,this.stats.meshMs.add(t.ms),this.stats.firstMeshAt===null&&(t.opaque||t.translucent)&&(this.stats.firstMeshAt=performance.now())}onWorkerAir(e){let t=e.coords;for(let i=0;i<e.epochs.length;i++){let s=t[3*i],r=t[3*i+1],o=t[3*i+2],a=gn(s,r,o),c=e.epochs[i];this.epochs.get(a)===c&&(this.store.put({x:s,y:r,z:o,uniform:rc,cells:null,revision:0n,epoch:c}),this.showMesh(a,{x:s,y:r,z:o,opaque:null,translucent:null,ms:0}))}}tick(){if(!this.session||!this.welcome)return;let e=performance.now(),t=this.player;(!this.lastPing||e-this.lastPing>jS)&&(this.lastPing=e,this.send("ping",{nonce:++this.pingNonce,time:BigInt(Math.round(e*1e3))}));let i=mn(t.pos.x),s=mn(t.pos.y),r=mn(t.pos.z);(!this.focus||this.focus.x!==i||this.focus.y!==s||this.focus.z!==r)&&(this.focus={x:i,y:s,z:r},this.worker.postMessage({type:"focus",...this.focus}))}sendSteps(e){let t=eb(this.rules),i=[];for(let s of e){let r=s.after,o=[r.pos.x,r.pos.y,r.pos.z,s.yaw,s.pitch,r.flying,r.onGround].map(a=>typeof a=="number"?a.toFixed(4):a).join();o===this.lastInput&&s.tick-this.lastInputTick<t||(i.push(["input",{inputTick:s.tick,position:{...r.pos},velocity:{...r.vel},yaw:s.yaw,pitch:s.pitch,flying:r.flying,onGround:r.onGround}]),this.lastInput=o,this.lastInputTick=s.tick)}i.length&&!this.demo&&this.session?.sendAll(i)}frame(){if(this.busyFrameMs>0){let c=performance.now()+this.busyFrameMs;for(;performance.now()<c;);}let e=performance.now(),t=this.lastFrame?e-this.lastFrame:0,i=Math.min(.1,t/1e3);this.lastFrame&&(this.stats.frameMs.add(t),this.stats.run.add(t,this.predictor.boundMs)),this.lastFrame=e;let s=(c,l,h)=>this.store.blockAt(c,l,h);if(this.welcome&&!this.held){let c=this.testMove??(this.controls.enabled?this.controls.move():qp);this.move=c;let l=this.predictor.advance(t,c,s);if(this.stalls.length){let h=performance.now()+this.stalls.shift();for(;performance.now()<h;);}(this.session||this.demo)&&this.sendSteps(l)}else this.predictor.acc=0;let r=this.predictor.rendered(),o={x:r.x,y:r.y+this.rules.eyeHeight,z:r.z},a=this.player.look();this.renderer.setCamera(o,a),this.renderer.setMedium(Op(o,s,this.blocks),this.blocks),this.target=this.welcome?this.findTarget(this.player.eye(),a,s):null,this.renderer.setTarget(this.target),this.entities.step(i);for(let c of this.entities)this.renderer.setEntity(c,nc(c));this.renderer.render(),(!this.lastHud||e-this.lastHud>250)&&(this.lastHud=e,this.updateHud(e)),requestAnimationFrame(()=>this.frame())}findTarget(e,t,i){let s=this.probe(e,t,i);return s&&!s.far?s:null}probe(e,t,i){let s=this.rules.reach,r=Dd(e,t,s+2,i,this.blocks);if(!r)return null;let o=r.x+.5-e.x,a=r.y+.5-e.y,c=r.z+.5-e.z;return{...r,far:Math.hypot(o,a,c)>s}}refuseLocally(e,t,i){return this.lastRefusal={requestId:0,kind:e,result:t,reason:i,local:!0},this.hud.toast(`${e}: ${i}`,1500),!1}look(e,t){this.player.yaw=((this.player.yaw+e)%360+360)%360,this.player.pitch=Math.max(-89.9,Math.min(89.9,this.player.pitch+t))}setFlying(e){return e&&!this.rules.allowFlight?(this.hud.toast("flying is not allowed on this server",1500),!1):(this.player.flying=e,this.player.vel.y=0,this.hud.toast(e?"flying":"walking",800),!0)}defaultSelection(){return Math.max(0,this.blocks.placeable.indexOf(this.blocks.id("stone")))}selectedBlock(){return this.blocks.placeable[Math.min(this.selected,this.blocks.placeable.length-1)]??0}select(e,t){let i=this.blocks.placeable.length;i!==0&&(this.selected=t!==void 0?Math.min(t,i-1):((this.selected+e)%i+i)%i,this.hud.toast(this.blocks.name(this.selectedBlock()),800))}setViewDistance(e){let t=this.welcome?.limits?.maxViewDistance||16,i=Math.max(2,Math.min(t,e));i!==this.viewDistance&&(this.viewDistance=i,this.renderer.setViewDistance(i),clearTimeout(this.subscribeTimer),this.subscribeTimer=setTimeout(()=>this.send("subscribe",{viewDistance:i}),250),this.hud.toast(`view distance ${i}`,800))}nextRequest(e,t){return this.requestId=this.requestId+1>>>0||1,this.pending.set(this.requestId,{kind:e,pos:t}),this.pending.size>256&&this.pending.delete(this.pending.keys().next().value),this.requestId}currentTarget(){if(!this.welcome)return{refusal:["NOT_CONNECTED","not in a world"]};let e=this.probe(this.player.eye(),this.player.look(),(t,i,s)=>this.store.blockAt(t,i,s));return e?e.far?{refusal:["OUT_OF_REACH",`out of reach (${this.rules.reach} blocks)`]}:{target:e}:{refusal:["NO_TARGET","nothing to aim at"]}}breakTarget(){if(!(this.session||this.demo))return this.refuseLocally("break","NOT_CONNECTED","not connected");let{target:e,refusal:t}=this.currentTarget();if(!e)return this.refuseLocally("break",...t);let i={x:e.x,y:e.y,z:e.z};return this.send("breakBlock",{pos:i,requestId:this.nextRequest("break",i)})}placeTarget(e=this.selectedBlock()){if(!(this.session||this.demo))return this.refuseLocally("place","NOT_CONNECTED","not connected");let{target:t,refusal:i}=this.currentTarget();if(!t)return this.refuseLocally("place",...i);let s={x:t.x+t.normal[0],y:t.y+t.normal[1],z:t.z+t.normal[2]},r=this.store.blockAt(s.x,s.y,s.z);return r<0||!this.blocks.replaceable(r)?this.refuseLocally("place","OCCUPIED","that cell is taken"):this.blocks.solid(e)&&this.player.overlapsBlock(s.x,s.y,s.z)?this.refuseLocally("place","OVERLAPS_PLAYER","you are in the way"):this.send("placeBlock",{pos:s,block:e,requestId:this.nextRequest("place",s)})}sendPlugin(e,t){return this.demo||!this.session?!1:this.session.sendPlugin(e,t)}onPlugin(e,t){return wh(this.plugins,e,t)}setupChat(){this.chatLog=document.getElementById("chat-log"),this.chatInput=document.getElementById("chat-input"),this.chatInput.addEventListener("keydown",e=>{if(e.stopPropagation(),e.key==="Enter"){let t=this.chatInput.value.trim();t&&this.send("chat",{text:t.slice(0,this.welcome?.limits?.maxChatLength||256)}),this.closeChat()}else e.key==="Escape"&&this.closeChat()})}openChat(){this.session&&(this.controls.enabled=!1,this.controls.held.clear(),document.exitPointerLock?.(),this.chatInput.hidden=!1,this.chatInput.value="",this.chatInput.focus())}closeChat(){this.chatInput.hidden=!0,this.controls.enabled=!0,this.canvas.requestPointerLock?.()?.catch?.(()=>{})}addChat(e){this.chat.push(e),this.chat.length>8&&this.chat.shift(),this.chatLog.textContent=this.chat.join(`
`)}updateHud(e){let t=this.player,i=this.stats,s=i.frameMs.mean()>0?1e3/i.frameMs.mean():0,r=i.frameMs.percentile(95),o=i.firstMeshAt===null?null:Math.round(i.firstMeshAt),a=i.sectionRate.perSecond(e),c=this.target,l={starting:"starting",key:"loading key",config:"loading config",connecting:"connecting",connected:this.held?`connected \xB7 waiting for terrain (${this.held.missing} sections)`:"connected",waiting:"disconnected",demo:"demo",failed:"failed"}[this.state]??this.state,h=[this.welcome?`pos ${t.pos.x.toFixed(1)} ${t.pos.y.toFixed(1)} ${t.pos.z.toFixed(1)}  yaw ${t.yaw.toFixed(0)} pitch ${t.pitch.toFixed(0)}  ${t.flying?"flying":t.onGround?"walking":"falling"}`:`not in a world yet \xB7 player name ${this.name}`,`sections ${this.epochs.size} (${a.toFixed(1)}/s)  meshes ${this.renderer.sections.size} built ${i.meshesBuilt}  first mesh ${o===null?"\u2014":`${o} ms`}  ${this.chunkStreamText()}`,`fps ${s.toFixed(0)}  frame p95 ${r.toFixed(1)} ms  rtt ${this.rtt===null?"\u2014":`${this.rtt.toFixed(0)} ms`}  tris ${this.renderer.triangles}`,`move ${this.moveMode()}  ${this.speed().toFixed(1)} b/s (max ${this.modeSpeed().toFixed(1)})  tick ${this.predictor.tick}  corrections ${this.corrections}`,`view ${this.viewDistance}  block ${this.blocks.name(this.selectedBlock())}  target ${c?`${this.blocks.name(c.block)} ${c.x} ${c.y} ${c.z}`:"\u2014"}  players ${this.names.size}  entities ${this.entities.size}`,this.identityLine()];this.hud.update({state:`${l}${this.stateDetail?` \xB7 ${this.stateDetail}`:""}`,stateClass:`state-${this.state}`,lines:h,error:this.lastError,data:{state:this.state,sections:this.epochs.size,sectionsReceived:i.sectionsReceived,meshes:this.renderer.sections.size,meshesBuilt:i.meshesBuilt,position:`${t.pos.x.toFixed(2)},${t.pos.y.toFixed(2)},${t.pos.z.toFixed(2)}`,mode:this.moveMode(),speed:this.speed().toFixed(2),firstMeshMs:o??"",frameP95Ms:r.toFixed(1),sectionsPerS:a.toFixed(1),rttMs:this.rtt===null?"":this.rtt.toFixed(1),error:this.lastError,errorCode:this.lastErrorCode,refusal:this.lastRefusal?`${this.lastRefusal.result}${this.lastRefusal.reason?`: ${this.lastRefusal.reason}`:""}`:""}})}chunkStreamText(){let e=this.session?.stats;if(!e)return"";let t=(e.chunkWireBytes/1024).toFixed(0);if(!this.session.deflateChunks)return`stream ${t} KiB`;let i=e.chunkWireBytes?(e.chunkBytes/e.chunkWireBytes).toFixed(1):"\u2014";return`stream ${t} KiB (deflate \xD7${i})`}playerEntities(){let e=0;for(let t of this.entities)t.kind===eo&&e++;return e}identityLine(){let e=this.identity;if(!e)return"key \u2014";let t=`${e.publicHex.slice(0,8)}\u2026${e.publicHex.slice(-4)}`;return e.stored?`key ${t} (kept in this browser)`:`key ${t} (NOT kept: ${e.why}; the name is lost with this page)`}moveMode(){return this.player.mode(this.move)}modeSpeed(){let e=this.player.speeds();return{walk:e.walk,sprint:e.sprint,fly:e.fly,"fly-sprint":e.flySprint}[this.moveMode()]}speed(){let e=this.predictor.history,t=Math.min(e.length-1,Math.round(this.rules.tickRate));if(t<1)return 0;let i=e[e.length-1-t].after.pos,s=e[e.length-1].after.pos;return(this.player.flying?Math.hypot(s.x-i.x,s.y-i.y,s.z-i.z):Math.hypot(s.x-i.x,s.z-i.z))*this.rules.tickRate/t}testApi(){return{status:()=>({state:this.state,detail:this.stateDetail,error:this.lastError,errorCode:this.lastErrorCode,name:this.name,identity:this.identity&&{publicKey:this.identity.publicHex,stored:this.identity.stored,why:this.identity.why},entityId:this.welcome?String(this.welcome.entityId):null,spawn:this.welcome?.spawn?{x:this.welcome.spawn.x,y:this.welcome.spawn.y,z:this.welcome.spawn.z}:null,position:{...this.player.pos},yaw:this.player.yaw,pitch:this.player.pitch,flying:this.player.flying,onGround:this.player.onGround,flightAllowed:this.rules.allowFlight,reach:this.rules.reach,blocks:{fromServer:this.blocks.fromServer,count:this.blocks.count},held:this.held,sections:this.epochs.size,sectionsReceived:this.stats.sectionsReceived,airSections:this.stats.airSections,drops:this.stats.drops,meshes:this.renderer.sections.size,underwater:this.renderer.view?.underwater?this.blocks.name(this.renderer.medium):null,meshesBuilt:this.stats.meshesBuilt,firstMeshMs:this.stats.firstMeshAt===null?null:this.stats.firstMeshAt,frameP95Ms:this.stats.frameMs.percentile(95),runFrames:this.stats.run.summary(),sectionsPerS:this.stats.sectionRate.perSecond(performance.now()),rttMs:this.rtt,corrections:this.corrections,mode:this.moveMode(),speed:this.speed(),modeSpeed:this.modeSpeed(),inputTick:Number(this.predictor.tick),replayed:this.predictor.replayed,holds:this.holds,resyncs:this.predictor.resyncs,backoffs:this.predictor.backoffs,lastCorrection:this.lastCorrection??null,tickRate:this.rules.tickRate,target:this.target&&{x:this.target.x,y:this.target.y,z:this.target.z,block:this.target.block},pending:this.pending.size,lastRefusal:this.lastRefusal&&{...this.lastRefusal},entities:{granted:this.entities.granted,count:this.entities.size,players:this.playerEntities(),drawn:this.renderer.entities.size,...this.entities.stats},plugins:this.session?{in:this.session.stats.pluginIn,out:this.session.stats.pluginOut,unhandled:this.session.stats.pluginUnhandled}:null,chunkStream:this.session?{deflate:this.session.deflateChunks,wireBytes:this.session.stats.chunkWireBytes,streamBytes:this.session.stats.chunkBytes,frames:this.session.stats.chunkFrames}:null}),setMove:e=>this.testMove=e&&{forward:0,strafe:0,up:0,jump:!1,sprint:!1,...e},setLook:(e,t)=>{this.player.yaw=e,this.player.pitch=Math.max(-89.9,Math.min(89.9,t))},setFlying:e=>this.setFlying(!!e),setBusyFrame:e=>this.busyFrameMs=Math.max(0,Number(e)||0),stallFrames:(...e)=>(this.stalls=e.map(t=>Math.max(0,Number(t)||0)),!0),resetFrameStats:()=>(this.stats.run=new Rr,!0),chat:e=>this.session?this.send("chat",{text:String(e)}):!1,setViewDistance:e=>this.setViewDistance(e),breakBlock:()=>this.breakTarget(),placeBlock:e=>this.placeTarget(e),sendPlugin:(e,t)=>this.sendPlugin(e,t),onPlugin:(e,t)=>this.onPlugin(e,t),blockAt:(e,t,i)=>this.store.blockAt(e,t,i),entities:()=>[...this.entities].map(e=>({id:String(e.id),kind:e.kind,name:e.name,width:e.width,height:e.height,color:nc(e),tick:String(e.tick),position:{...e.target},shown:{...e.shown},yaw:e.yaw,attributes:Object.fromEntries([...e.attributes].map(([t,i])=>[t,String(i)])),drawn:this.renderer.entityDrawing(e.id)})),setPosition:(e,t,i)=>{this.player.pos={x:e,y:t,z:i},this.player.vel={x:0,y:0,z:0},this.predictor.prev={...this.predictor.prev,pos:{x:e,y:t,z:i}}}}}};function $p(){try{return window.localStorage}catch{return null}}function Zp(n){let e=new Int32Array(3*n.length);return n.forEach((t,i)=>{e[3*i]=t.x,e[3*i+1]=t.y,e[3*i+2]=t.z}),e}var tb=new URL("worker-UCXQ34Y5.js",import.meta.url);function nb(){let n=document.getElementById("view"),e;try{e=new vl(n,document.getElementById("hud"),tb)}catch(t){let i=document.getElementById("hud-state");throw i.textContent=`cannot start: ${t.message}`,i.className="state-failed",n.dataset.state="failed",n.dataset.error=t.message,t}window.strata=e.testApi(),new URL(location.href).searchParams.has("demo")?e.runDemo():e.run()}nb();
/*! Bundled license information:

three/build/three.core.js:
three/build/three.module.js:
  (**
   * @license
   * Copyright 2010-2026 Three.js Authors
   * SPDX-License-Identifier: MIT
   *)
*/
