// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: tolerant (specialised yes/no checks; ajv's validator is the reference)
import { formats } from "./formats.js";
/** A format of ajv-formats as a test: a regular expression, a function, or an object with `validate`. */
function formatTest(format) {
  const check = typeof format === "object" && format !== null && !(format instanceof RegExp) ? format.validate : format;
  return check instanceof RegExp ? (text) => check.test(text) : check;
}
const format_uuid = formatTest(formats["uuid"]);
const format_date_time = formatTest(formats["date-time"]);
/** A property whose schema accepts anything. */
function accept() {
  return true;
}
/** Length in code points, as ajv counts minLength and maxLength (a surrogate pair is one). */
function codePointLength(text) {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    length += 1;
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if ((next & 0xfc00) === 0xdc00) index += 1;
    }
  }
  return length;
}
const pattern0 = new RegExp("^(?:[^.]+(?:\\.[^.]+)*)?$", "u");
const members1 = new Set(["system", "developer", "user", "assistant", "tool"]);
const branches2 = new Map([["computed", check111], ["reported", check112], ["unknown", check113]]);
const branches3 = new Map([["text", check115], ["reasoning", check116], ["tool_call", check117], ["tool_result", check118], ["image", check119], ["audio", check120], ["file", check121], ["plan_step", check122], ["code_diff", check123], ["command", check124], ["refusal", check125], ["compaction", check126], ["stream_chunk", check127], ["native", check128]]);
const pattern4 = new RegExp("^1\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)$", "u");
const pattern5 = new RegExp("^[a-z0-9][a-z0-9.-]*$", "u");
const members6 = new Set(["text", "reasoning", "tool_call", "tool_result", "image", "audio", "file", "plan_step", "code_diff", "command", "refusal", "compaction", "stream_chunk", "native"]);
const pattern7 = new RegExp("^[A-Z]{3}$", "u");
const pattern8 = new RegExp("^(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)(?:/(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)?)*$", "u");
const members9 = new Set(["pending", "in_progress", "complete", "blocked", "cancelled"]);
const branches10 = new Map([["snapshot", check361], ["file", check362]]);
const members11 = new Set(["text", "thinking", "tool_use", "tool_result", "command", "stream"]);
const pattern12 = new RegExp("^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$", "u");
const members13 = new Set(["added", "modified", "deleted", "renamed", "copied"]);
const pattern14 = new RegExp("^[0-7]{6}$", "u");
const pattern15 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern16 = new RegExp("^/", "u");
function check0(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["seq"] === undefined) return false;
  if (data["run_id"] === undefined) return false;
  if (data["type"] === undefined) return false;
  if (data["path"] === undefined) return false;
  if (data["iteration"] === undefined) return false;
  if (data["timestamp"] === undefined) return false;
  if (data["payload"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "seq": if (value !== undefined && !check6(value)) return false; break;
      case "run_id": if (value !== undefined && !check7(value)) return false; break;
      case "parent_run_id": if (value !== undefined && !check8(value)) return false; break;
      case "child_run_id": if (value !== undefined && !check9(value)) return false; break;
      case "type": if (value !== undefined && !check10(value)) return false; break;
      case "path": if (value !== undefined && !check11(value)) return false; break;
      case "iteration": if (value !== undefined && !check12(value)) return false; break;
      case "timestamp": if (value !== undefined && !check13(value)) return false; break;
      case "payload": if (value !== undefined && !check14(value)) return false; break;
      default: break;
    }
  }
  if (!check15(data)) return false;
  if (!check16(data)) return false;
  if (!check17(data)) return false;
  if (!check18(data)) return false;
  if (!check19(data)) return false;
  if (!check20(data)) return false;
  if (!check21(data)) return false;
  if (!check22(data)) return false;
  if (!check23(data)) return false;
  if (!check24(data)) return false;
  return true;
}
function check1(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["role"] === undefined) return false;
  if (data["blocks"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "role": if (value !== undefined && !check25(value)) return false; break;
      case "blocks": if (value !== undefined && !check26(value)) return false; break;
      case "message_id": if (value !== undefined && !check27(value)) return false; break;
      case "model": if (value !== undefined && !check28(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "response_id": if (value !== undefined && !check30(value)) return false; break;
      case "finish_reason": if (value !== undefined && !check31(value)) return false; break;
      case "native_finish_reason": if (value !== undefined && !check32(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check35(value)) return false; break;
      case "time_to_first_token_ms": if (value !== undefined && !check36(value)) return false; break;
      case "error": if (value !== undefined && !check37(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check2(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  if (data["call_id"] === undefined) return false;
  if (data["fidelity"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check38(value)) return false; break;
      case "call_id": if (value !== undefined && !check39(value)) return false; break;
      case "input": if (value !== undefined && !check40(value)) return false; break;
      case "output": if (value !== undefined && !check41(value)) return false; break;
      case "error": if (value !== undefined && !check42(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "status": if (value !== undefined && !check44(value)) return false; break;
      case "content": if (value !== undefined && !check45(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check46(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check47(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check3(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["role"] === undefined) return false;
  if (data["parts"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check48(value)) return false; break;
      case "role": if (value !== undefined && !check25(value)) return false; break;
      case "parts": if (value !== undefined && !check49(value)) return false; break;
      case "name": if (value !== undefined && !check50(value)) return false; break;
      case "created_at": if (value !== undefined && !check51(value)) return false; break;
      case "completed_at": if (value !== undefined && !check52(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check53(value)) return false; break;
      case "time_to_first_token_ms": if (value !== undefined && !check54(value)) return false; break;
      case "model": if (value !== undefined && !check55(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "response_id": if (value !== undefined && !check56(value)) return false; break;
      case "finish_reason": if (value !== undefined && !check31(value)) return false; break;
      case "native_finish_reason": if (value !== undefined && !check57(value)) return false; break;
      case "error": if (value !== undefined && !check58(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "path": if (value !== undefined && !check59(value)) return false; break;
      case "iteration": if (value !== undefined && !check60(value)) return false; break;
      case "metadata": if (value !== undefined && !check61(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check4(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (!(check65(data) ? check63(data) : check64(data))) return false;
  return true;
}
function check5(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["messages"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "schema_version": if (value !== undefined && !check66(value)) return false; break;
      case "id": if (value !== undefined && !check67(value)) return false; break;
      case "title": if (value !== undefined && !check68(value)) return false; break;
      case "created_at": if (value !== undefined && !check69(value)) return false; break;
      case "updated_at": if (value !== undefined && !check70(value)) return false; break;
      case "source": if (value !== undefined && !check71(value)) return false; break;
      case "producer": if (value !== undefined && !check72(value)) return false; break;
      case "run": if (value !== undefined && !check73(value)) return false; break;
      case "messages": if (value !== undefined && !check74(value)) return false; break;
      case "tools": if (value !== undefined && !check75(value)) return false; break;
      case "tool_choice": if (value !== undefined && !check76(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "artifacts": if (value !== undefined && !check77(value)) return false; break;
      case "export": if (value !== undefined && !check78(value)) return false; break;
      case "metadata": if (value !== undefined && !check79(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check6(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 1) return false;
  return true;
}
function check7(data) {
  if (!(typeof data === "string")) return false;
  if (!format_uuid(data)) return false;
  return true;
}
const check8 = check7;
const check9 = check7;
function check10(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check11(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern0.test(data)) return false;
  return true;
}
function check12(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check13(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check14(data) {
  return true;
}
function check15(data) {
  if (!(check81(data) ? check80(data) : true)) return false;
  return true;
}
function check16(data) {
  if (!(check83(data) ? check82(data) : true)) return false;
  return true;
}
function check17(data) {
  if (!(check85(data) ? check84(data) : true)) return false;
  return true;
}
function check18(data) {
  if (!(check87(data) ? check86(data) : true)) return false;
  return true;
}
function check19(data) {
  if (!(check89(data) ? check88(data) : true)) return false;
  return true;
}
function check20(data) {
  if (!(check91(data) ? check90(data) : true)) return false;
  return true;
}
function check21(data) {
  if (!(check93(data) ? check92(data) : true)) return false;
  return true;
}
function check22(data) {
  if (!(check95(data) ? check94(data) : true)) return false;
  return true;
}
function check23(data) {
  if (!(check97(data) ? check96(data) : true)) return false;
  return true;
}
function check24(data) {
  if (!(check99(data) ? check98(data) : true)) return false;
  return true;
}
function check25(data) {
  if (!(typeof data === "string")) return false;
  if (!members1.has(data)) return false;
  return true;
}
function check26(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check100(data[index])) return false;
  return true;
}
const check27 = check10;
const check28 = check10;
function check29(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  if (data["provider"] !== undefined && !check101(data["provider"])) return false;
  if (data["api"] !== undefined && !check102(data["api"])) return false;
  if (data["model"] !== undefined && !check103(data["model"])) return false;
  return true;
}
const check30 = check10;
const check31 = check10;
const check32 = check10;
function check33(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["input_tokens"] === undefined) return false;
  if (data["output_tokens"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "input_tokens": if (value !== undefined && !check104(value)) return false; break;
      case "output_tokens": if (value !== undefined && !check105(value)) return false; break;
      case "cache_read_tokens": if (value !== undefined && !check106(value)) return false; break;
      case "cache_write_tokens": if (value !== undefined && !check107(value)) return false; break;
      case "reasoning_tokens": if (value !== undefined && !check108(value)) return false; break;
      case "total_tokens": if (value !== undefined && !check109(value)) return false; break;
      case "raw": if (value !== undefined && !check110(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check34(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const branch = typeof data["status"] === "string" ? branches2.get(data["status"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
const check35 = check12;
const check36 = check12;
const check37 = check10;
function check38(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
const check39 = check38;
const check40 = check14;
const check41 = check14;
const check42 = check10;
const check43 = check10;
const check44 = check10;
function check45(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check4(data[index])) return false;
  return true;
}
const check46 = check12;
function check47(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
const check48 = check10;
const check49 = check45;
const check50 = check10;
const check51 = check13;
const check52 = check13;
const check53 = check12;
const check54 = check12;
const check55 = check10;
const check56 = check10;
const check57 = check10;
const check58 = check10;
const check59 = check10;
const check60 = check12;
function check61(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check62(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check114(value)) return false; break;
    }
  }
  return true;
}
function check63(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    const branch = typeof data["type"] === "string" ? branches3.get(data["type"]) : undefined;
    if (branch === undefined || !branch(data)) return false;
  }
  return true;
}
function check64(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check129(data["type"])) return false;
  return true;
}
function check65(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check130(data["type"])) return false;
  return true;
}
function check66(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern4.test(data)) return false;
  return true;
}
const check67 = check38;
const check68 = check10;
const check69 = check13;
const check70 = check13;
function check71(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["format"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "format": if (value !== undefined && !check131(value)) return false; break;
      case "format_version": if (value !== undefined && !check132(value)) return false; break;
      case "path": if (value !== undefined && !check133(value)) return false; break;
      case "session_id": if (value !== undefined && !check134(value)) return false; break;
      case "imported_at": if (value !== undefined && !check135(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check72(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  if (data["name"] !== undefined && !check136(data["name"])) return false;
  if (data["version"] !== undefined && !check137(data["version"])) return false;
  return true;
}
function check73(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check138(value)) return false; break;
      case "started_at": if (value !== undefined && !check139(value)) return false; break;
      case "ended_at": if (value !== undefined && !check140(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check141(value)) return false; break;
      case "error": if (value !== undefined && !check142(value)) return false; break;
      case "parent": if (value !== undefined && !check143(value)) return false; break;
      case "children": if (value !== undefined && !check144(value)) return false; break;
      case "steps": if (value !== undefined && !check145(value)) return false; break;
      case "usage_including_children": if (value !== undefined && !check33(value)) return false; break;
      case "metadata": if (value !== undefined && !check146(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check74(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check3(data[index])) return false;
  return true;
}
function check75(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check147(data[index])) return false;
  return true;
}
function check76(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["mode"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "mode": if (value !== undefined && !check148(value)) return false; break;
      case "name": if (value !== undefined && !check149(value)) return false; break;
      case "parallel": if (value !== undefined && !check150(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check152(data) ? check151(data) : true)) return false;
  return true;
}
function check77(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check153(data[index])) return false;
  return true;
}
function check78(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "exported_at": if (value !== undefined && !check154(value)) return false; break;
      case "reasoning": if (value !== undefined && !check155(value)) return false; break;
      case "redaction": if (value !== undefined && !check156(value)) return false; break;
      case "truncation": if (value !== undefined && !check157(value)) return false; break;
      default: break;
    }
  }
  return true;
}
const check79 = check61;
function check80(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["child_run_id"] === undefined) return false;
  }
  return true;
}
function check81(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check158(data["type"])) return false;
  }
  return true;
}
function check82(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check159(data["payload"])) return false;
  }
  return true;
}
function check83(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check160(data["type"])) return false;
  }
  return true;
}
function check84(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check161(data["payload"])) return false;
  }
  return true;
}
function check85(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check162(data["type"])) return false;
  }
  return true;
}
function check86(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check163(data["payload"])) return false;
  }
  return true;
}
function check87(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check164(data["type"])) return false;
  }
  return true;
}
function check88(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check165(data["payload"])) return false;
  }
  return true;
}
function check89(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check166(data["type"])) return false;
  }
  return true;
}
function check90(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check167(data["payload"])) return false;
  }
  return true;
}
function check91(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check168(data["type"])) return false;
  }
  return true;
}
function check92(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check169(data["payload"])) return false;
  }
  return true;
}
function check93(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check170(data["type"])) return false;
  }
  return true;
}
function check94(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check171(data["payload"])) return false;
  }
  return true;
}
function check95(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check172(data["type"])) return false;
  }
  return true;
}
function check96(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check173(data["payload"])) return false;
  }
  return true;
}
function check97(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check174(data["type"])) return false;
  }
  return true;
}
function check98(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check153(data["payload"])) return false;
  }
  return true;
}
function check99(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check175(data["type"])) return false;
  }
  return true;
}
function check100(data) {
  if (!(check4(data) || check176(data))) return false;
  return true;
}
function check101(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern5.test(data)) return false;
  return true;
}
const check102 = check10;
const check103 = check10;
const check104 = check12;
const check105 = check12;
const check106 = check12;
const check107 = check12;
const check108 = check12;
const check109 = check12;
function check110(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  if (data["usage"] === undefined) return false;
  if (data["provider"] !== undefined && !check177(data["provider"])) return false;
  if (data["usage"] !== undefined && !check178(data["usage"])) return false;
  return true;
}
function check111(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["amount"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  if (data["pricing"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check179(value)) return false; break;
      case "amount": if (value !== undefined && !check180(value)) return false; break;
      case "currency": if (value !== undefined && !check181(value)) return false; break;
      case "breakdown": if (value !== undefined && !check182(value)) return false; break;
      case "pricing": if (value !== undefined && !check183(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check112(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["amount"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check184(value)) return false; break;
      case "amount": if (value !== undefined && !check185(value)) return false; break;
      case "currency": if (value !== undefined && !check186(value)) return false; break;
      case "reported_by": if (value !== undefined && !check187(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check113(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  if (data["reason"] === undefined) return false;
  if (data["status"] !== undefined && !check188(data["status"])) return false;
  if (data["currency"] !== undefined && !check189(data["currency"])) return false;
  if (data["reason"] !== undefined && !check190(data["reason"])) return false;
  return true;
}
const check114 = check61;
function check115(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check191(value)) return false; break;
      case "text": if (value !== undefined && !check192(value)) return false; break;
      case "citations": if (value !== undefined && !check193(value)) return false; break;
      case "signature": if (value !== undefined && !check194(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check116(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["redacted_data"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check195(value)) return false; break;
      case "text": if (value !== undefined && !check196(value)) return false; break;
      case "summary": if (value !== undefined && !check197(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check198(value)) return false; break;
      case "signature": if (value !== undefined && !check199(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check200(value)) return false; break;
      case "redacted_data": if (value !== undefined && !check201(value)) return false; break;
      case "id": if (value !== undefined && !check202(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check117(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check203(value)) return false; break;
      case "id": if (value !== undefined && !check204(value)) return false; break;
      case "name": if (value !== undefined && !check205(value)) return false; break;
      case "input": if (value !== undefined && !check206(value)) return false; break;
      case "raw_input": if (value !== undefined && !check207(value)) return false; break;
      case "input_error": if (value !== undefined && !check208(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check209(value)) return false; break;
      case "native_type": if (value !== undefined && !check210(value)) return false; break;
      case "item_id": if (value !== undefined && !check211(value)) return false; break;
      case "signature": if (value !== undefined && !check212(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check214(data) ? check213(data) : true)) return false;
  return true;
}
function check118(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["call_id"] === undefined) return false;
  if (data["status"] === undefined) return false;
  if (data["truncated"] !== undefined && (data["original_size_bytes"] === undefined || data["truncation_strategy"] === undefined)) return false;
  if (data["original_size_bytes"] !== undefined && (data["truncated"] === undefined)) return false;
  if (data["truncation_strategy"] !== undefined && (data["truncated"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check215(value)) return false; break;
      case "call_id": if (value !== undefined && !check216(value)) return false; break;
      case "name": if (value !== undefined && !check217(value)) return false; break;
      case "status": if (value !== undefined && !check44(value)) return false; break;
      case "output": if (value !== undefined && !check218(value)) return false; break;
      case "content": if (value !== undefined && !check219(value)) return false; break;
      case "error": if (value !== undefined && !check220(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check221(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check222(value)) return false; break;
      case "native_type": if (value !== undefined && !check223(value)) return false; break;
      case "truncated": if (value !== undefined && !check224(value)) return false; break;
      case "original_size_bytes": if (value !== undefined && !check225(value)) return false; break;
      case "truncation_strategy": if (value !== undefined && !check226(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check119(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check227(value)) return false; break;
      case "media_type": if (value !== undefined && !check228(value)) return false; break;
      case "data": if (value !== undefined && !check229(value)) return false; break;
      case "url": if (value !== undefined && !check230(value)) return false; break;
      case "path": if (value !== undefined && !check231(value)) return false; break;
      case "file_id": if (value !== undefined && !check232(value)) return false; break;
      case "detail": if (value !== undefined && !check233(value)) return false; break;
      case "alt": if (value !== undefined && !check234(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check236(data) ? check235(data) : true)) return false;
  return true;
}
function check120(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check237(value)) return false; break;
      case "media_type": if (value !== undefined && !check238(value)) return false; break;
      case "data": if (value !== undefined && !check239(value)) return false; break;
      case "url": if (value !== undefined && !check240(value)) return false; break;
      case "path": if (value !== undefined && !check241(value)) return false; break;
      case "file_id": if (value !== undefined && !check242(value)) return false; break;
      case "transcript": if (value !== undefined && !check243(value)) return false; break;
      case "id": if (value !== undefined && !check244(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check245(data) ? check235(data) : true)) return false;
  return true;
}
function check121(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check246(value)) return false; break;
      case "media_type": if (value !== undefined && !check247(value)) return false; break;
      case "data": if (value !== undefined && !check248(value)) return false; break;
      case "url": if (value !== undefined && !check249(value)) return false; break;
      case "path": if (value !== undefined && !check250(value)) return false; break;
      case "file_id": if (value !== undefined && !check251(value)) return false; break;
      case "filename": if (value !== undefined && !check252(value)) return false; break;
      case "title": if (value !== undefined && !check253(value)) return false; break;
      case "text": if (value !== undefined && !check254(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check255(data) ? check235(data) : true)) return false;
  return true;
}
function check122(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check256(value)) return false; break;
      case "id": if (value !== undefined && !check257(value)) return false; break;
      case "title": if (value !== undefined && !check258(value)) return false; break;
      case "status": if (value !== undefined && !check259(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check260(value)) return false; break;
      case "description": if (value !== undefined && !check261(value)) return false; break;
      case "subitems": if (value !== undefined && !check262(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  if (!(check265(data) ? check263(data) : check264(data))) return false;
  return true;
}
function check123(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["files"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check266(value)) return false; break;
      case "files": if (value !== undefined && !check267(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check124(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["command"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check268(value)) return false; break;
      case "command": if (value !== undefined && !check269(value)) return false; break;
      case "cwd": if (value !== undefined && !check270(value)) return false; break;
      case "exit_code": if (value !== undefined && !check271(value)) return false; break;
      case "output": if (value !== undefined && !check272(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check273(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check125(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check274(value)) return false; break;
      case "text": if (value !== undefined && !check275(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check126(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check276(value)) return false; break;
      case "strategy": if (value !== undefined && !check277(value)) return false; break;
      case "summary": if (value !== undefined && !check278(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check279(value)) return false; break;
      case "id": if (value !== undefined && !check280(value)) return false; break;
      case "tokens_before": if (value !== undefined && !check281(value)) return false; break;
      case "tokens_after": if (value !== undefined && !check282(value)) return false; break;
      case "replaced_messages": if (value !== undefined && !check283(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check127(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check284(value)) return false; break;
      case "text": if (value !== undefined && !check285(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check128(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["native_type"] === undefined) return false;
  if (data["data"] === undefined) return false;
  if (data["issuer"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check286(value)) return false; break;
      case "native_type": if (value !== undefined && !check287(value)) return false; break;
      case "data": if (value !== undefined && !check288(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check129(data) {
  if (!(typeof data === "string")) return false;
  if (check289(data)) return false;
  return true;
}
function check130(data) {
  if (!members6.has(data)) return false;
  return true;
}
const check131 = check10;
const check132 = check10;
const check133 = check10;
const check134 = check10;
const check135 = check13;
const check136 = check10;
const check137 = check10;
function check138(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "running" || data === "completed" || data === "failed" || data === "canceled")) return false;
  return true;
}
const check139 = check13;
const check140 = check13;
const check141 = check12;
const check142 = check10;
function check143(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  if (data["run_id"] !== undefined && !check290(data["run_id"])) return false;
  if (data["call_id"] !== undefined && !check291(data["call_id"])) return false;
  if (data["path"] !== undefined && !check292(data["path"])) return false;
  return true;
}
function check144(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check293(data[index])) return false;
  return true;
}
function check145(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check294(data[index])) return false;
  return true;
}
const check146 = check61;
function check147(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check295(value)) return false; break;
      case "description": if (value !== undefined && !check296(value)) return false; break;
      case "input_schema": if (value !== undefined && !check297(value)) return false; break;
      case "strict": if (value !== undefined && !check298(value)) return false; break;
      case "native_type": if (value !== undefined && !check299(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check148(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "auto" || data === "none" || data === "required" || data === "tool")) return false;
  return true;
}
const check149 = check38;
const check150 = check47;
function check151(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["name"] === undefined) return false;
  }
  return true;
}
function check152(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["mode"] === undefined) return false;
    if (data["mode"] !== undefined && !check300(data["mode"])) return false;
  }
  return true;
}
function check153(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (!(check303(data) ? check301(data) : check302(data))) return false;
  return true;
}
const check154 = check13;
function check155(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "include" || data === "omit")) return false;
  return true;
}
function check156(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["counts"] === undefined) return false;
  if (data["total"] === undefined) return false;
  if (data["counts"] !== undefined && !check304(data["counts"])) return false;
  if (data["total"] !== undefined && !check305(data["total"])) return false;
  return true;
}
function check157(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["limit_bytes"] === undefined) return false;
  if (data["truncated_count"] === undefined) return false;
  if (data["limit_bytes"] !== undefined && !check306(data["limit_bytes"])) return false;
  if (data["truncated_count"] !== undefined && !check307(data["truncated_count"])) return false;
  return true;
}
function check158(data) {
  if (!(data === "step.call_workflow.started" || data === "step.call_workflow.completed")) return false;
  return true;
}
function check159(data) {
  if (!(check308(data) || check309(data) || check310(data))) return false;
  return true;
}
function check160(data) {
  if (!(data === "run.started")) return false;
  return true;
}
function check161(data) {
  if (!(check311(data) || check163(data))) return false;
  return true;
}
function check162(data) {
  if (!(data === "run.completed")) return false;
  return true;
}
function check163(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check312(value)) return false; break;
      case "kind": if (value !== undefined && !check313(value)) return false; break;
      case "error": if (value !== undefined && !check314(value)) return false; break;
      case "result": if (value !== undefined && !check315(value)) return false; break;
      case "status": if (value !== undefined && !check138(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check164(data) {
  if (!(data === "step.started" || data === "step.completed" || data === "step.call_workflow.started" || data === "step.call_workflow.completed")) return false;
  return true;
}
function check165(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check316(data["role"])) return false;
  return true;
}
function check166(data) {
  if (!(data === "message.system")) return false;
  return true;
}
function check167(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check317(data["role"])) return false;
  return true;
}
function check168(data) {
  if (!(data === "message.user")) return false;
  return true;
}
function check169(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check318(data["role"])) return false;
  return true;
}
function check170(data) {
  if (!(data === "message.assistant")) return false;
  return true;
}
function check171(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check2(data)) return false;
  if (data["input"] === undefined) return false;
  return true;
}
function check172(data) {
  if (!(data === "tool.call")) return false;
  return true;
}
function check173(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check2(data)) return false;
  if (data["output"] === undefined) return false;
  return true;
}
function check174(data) {
  if (!(data === "tool.result")) return false;
  return true;
}
function check175(data) {
  if (!(data === "artifact.created")) return false;
  return true;
}
function check176(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check319(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "text": if (value !== undefined && !check320(value)) return false; break;
      case "thinking": if (value !== undefined && !check321(value)) return false; break;
      case "tool_name": if (value !== undefined && !check322(value)) return false; break;
      case "tool_id": if (value !== undefined && !check323(value)) return false; break;
      case "tool_input": if (value !== undefined && !check324(value)) return false; break;
      case "tool_content": if (value !== undefined && !check325(value)) return false; break;
      case "command": if (value !== undefined && !check326(value)) return false; break;
      case "chunk": if (value !== undefined && !check327(value)) return false; break;
      default: break;
    }
  }
  return true;
}
const check177 = check10;
const check178 = check14;
function check179(data) {
  if (data !== "computed") return false;
  return true;
}
function check180(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check181(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern7.test(data)) return false;
  return true;
}
function check182(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["input"] === undefined) return false;
  if (data["output"] === undefined) return false;
  if (data["cache_read"] === undefined) return false;
  if (data["cache_write"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "input": if (value !== undefined && !check328(value)) return false; break;
      case "output": if (value !== undefined && !check329(value)) return false; break;
      case "cache_read": if (value !== undefined && !check330(value)) return false; break;
      case "cache_write": if (value !== undefined && !check331(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check183(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["table_version"] === undefined) return false;
  if (data["model"] === undefined) return false;
  if (data["source"] === undefined) return false;
  if (data["date"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "table_version": if (value !== undefined && !check332(value)) return false; break;
      case "model": if (value !== undefined && !check333(value)) return false; break;
      case "source": if (value !== undefined && !check334(value)) return false; break;
      case "date": if (value !== undefined && !check335(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check184(data) {
  if (data !== "reported") return false;
  return true;
}
const check185 = check180;
const check186 = check181;
const check187 = check10;
function check188(data) {
  if (data !== "unknown") return false;
  return true;
}
const check189 = check181;
const check190 = check10;
function check191(data) {
  if (data !== "text") return false;
  return true;
}
const check192 = check10;
function check193(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check336(data[index])) return false;
  return true;
}
const check194 = check10;
function check195(data) {
  if (data !== "reasoning") return false;
  return true;
}
const check196 = check10;
function check197(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check337(data[index])) return false;
  return true;
}
const check198 = check12;
const check199 = check10;
const check200 = check10;
const check201 = check10;
const check202 = check10;
function check203(data) {
  if (data !== "tool_call") return false;
  return true;
}
const check204 = check38;
const check205 = check38;
const check206 = check14;
const check207 = check10;
const check208 = check10;
const check209 = check47;
const check210 = check10;
const check211 = check10;
const check212 = check10;
function check213(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["raw_input"] === undefined) return false;
    if (data["input_error"] === undefined) return false;
  }
  return true;
}
function check214(data) {
  if (check338(data)) return false;
  return true;
}
function check215(data) {
  if (data !== "tool_result") return false;
  return true;
}
const check216 = check38;
const check217 = check10;
const check218 = check14;
const check219 = check45;
const check220 = check10;
const check221 = check12;
const check222 = check47;
const check223 = check10;
function check224(data) {
  if (data !== true) return false;
  return true;
}
const check225 = check12;
function check226(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "string_prefix" || data === "array_prefix" || data === "object_prefix")) return false;
  return true;
}
function check227(data) {
  if (data !== "image") return false;
  return true;
}
const check228 = check10;
const check229 = check10;
const check230 = check10;
function check231(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern8.test(data)) return false;
  return true;
}
const check232 = check10;
const check233 = check10;
const check234 = check10;
function check235(data) {
  return false;
}
function check236(data) {
  if (check339(data)) return false;
  return true;
}
function check237(data) {
  if (data !== "audio") return false;
  return true;
}
const check238 = check10;
const check239 = check10;
const check240 = check10;
const check241 = check231;
const check242 = check10;
const check243 = check10;
const check244 = check10;
function check245(data) {
  if (check340(data)) return false;
  return true;
}
function check246(data) {
  if (data !== "file") return false;
  return true;
}
const check247 = check10;
const check248 = check10;
const check249 = check10;
const check250 = check231;
const check251 = check10;
const check252 = check10;
const check253 = check10;
const check254 = check10;
function check255(data) {
  if (check341(data)) return false;
  return true;
}
function check256(data) {
  if (data !== "plan_step") return false;
  return true;
}
const check257 = check38;
const check258 = check10;
function check259(data) {
  if (!(typeof data === "string")) return false;
  if (!members9.has(data)) return false;
  return true;
}
function check260(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
const check261 = check260;
function check262(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check342(data[index])) return false;
  return true;
}
function check263(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check343(data["blocked_reason"])) return false;
  }
  return true;
}
function check264(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check344(data["blocked_reason"])) return false;
  }
  return true;
}
function check265(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check345(data["status"])) return false;
  }
  return true;
}
function check266(data) {
  if (data !== "code_diff") return false;
  return true;
}
function check267(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check346(data[index])) return false;
  return true;
}
function check268(data) {
  if (data !== "command") return false;
  return true;
}
const check269 = check10;
const check270 = check10;
function check271(data) {
  if (!(Number.isInteger(data))) return false;
  return true;
}
const check272 = check10;
const check273 = check12;
function check274(data) {
  if (data !== "refusal") return false;
  return true;
}
const check275 = check10;
function check276(data) {
  if (data !== "compaction") return false;
  return true;
}
const check277 = check10;
const check278 = check10;
const check279 = check10;
const check280 = check10;
const check281 = check12;
const check282 = check12;
const check283 = check12;
function check284(data) {
  if (data !== "stream_chunk") return false;
  return true;
}
const check285 = check10;
function check286(data) {
  if (data !== "native") return false;
  return true;
}
const check287 = check38;
const check288 = check14;
const check289 = check130;
const check290 = check38;
const check291 = check10;
const check292 = check10;
function check293(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "run_id": if (value !== undefined && !check347(value)) return false; break;
      case "title": if (value !== undefined && !check348(value)) return false; break;
      case "status": if (value !== undefined && !check138(value)) return false; break;
      case "call_id": if (value !== undefined && !check349(value)) return false; break;
      case "path": if (value !== undefined && !check350(value)) return false; break;
      case "location": if (value !== undefined && !check351(value)) return false; break;
      case "transcript": if (value !== undefined && !check5(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check294(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["path"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "path": if (value !== undefined && !check352(value)) return false; break;
      case "name": if (value !== undefined && !check353(value)) return false; break;
      case "kind": if (value !== undefined && !check354(value)) return false; break;
      case "iteration": if (value !== undefined && !check355(value)) return false; break;
      case "status": if (value !== undefined && !check138(value)) return false; break;
      case "started_at": if (value !== undefined && !check356(value)) return false; break;
      case "ended_at": if (value !== undefined && !check357(value)) return false; break;
      case "error": if (value !== undefined && !check358(value)) return false; break;
      case "result": if (value !== undefined && !check359(value)) return false; break;
      case "child_run_id": if (value !== undefined && !check360(value)) return false; break;
      default: break;
    }
  }
  return true;
}
const check295 = check38;
const check296 = check10;
const check297 = check14;
const check298 = check47;
const check299 = check10;
function check300(data) {
  if (data !== "tool") return false;
  return true;
}
function check301(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    const branch = typeof data["type"] === "string" ? branches10.get(data["type"]) : undefined;
    if (branch === undefined || !branch(data)) return false;
  }
  return true;
}
function check302(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check363(data["type"])) return false;
  return true;
}
function check303(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["type"] !== undefined && !check364(data["type"])) return false;
  return true;
}
function check304(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check365(value)) return false; break;
    }
  }
  return true;
}
const check305 = check12;
function check306(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 2) return false;
  return true;
}
const check307 = check12;
function check308(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "schema_version": if (value !== undefined && !check366(value)) return false; break;
      case "name": if (value !== undefined && !check367(value)) return false; break;
      case "kind": if (value !== undefined && !check368(value)) return false; break;
      case "title": if (value !== undefined && !check369(value)) return false; break;
      case "producer": if (value !== undefined && !check72(value)) return false; break;
      case "metadata": if (value !== undefined && !check370(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check309(data) {
  if (!(data === null)) return false;
  return true;
}
function check310(data) {
  if (!check163(data)) return false;
  if (check371(data)) return false;
  return true;
}
const check311 = check309;
const check312 = check10;
const check313 = check10;
const check314 = check10;
const check315 = check14;
function check316(data) {
  if (!(data === "system" || data === "developer")) return false;
  return true;
}
function check317(data) {
  if (data !== "user") return false;
  return true;
}
function check318(data) {
  if (data !== "assistant") return false;
  return true;
}
function check319(data) {
  if (!(typeof data === "string")) return false;
  if (!members11.has(data)) return false;
  return true;
}
const check320 = check10;
const check321 = check10;
const check322 = check10;
const check323 = check10;
const check324 = check14;
const check325 = check14;
const check326 = check10;
const check327 = check10;
const check328 = check180;
const check329 = check180;
const check330 = check180;
const check331 = check180;
const check332 = check10;
const check333 = check10;
const check334 = check10;
function check335(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern12.test(data)) return false;
  return true;
}
function check336(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check372(value)) return false; break;
      case "url": if (value !== undefined && !check373(value)) return false; break;
      case "title": if (value !== undefined && !check374(value)) return false; break;
      case "cited_text": if (value !== undefined && !check375(value)) return false; break;
      case "start_index": if (value !== undefined && !check376(value)) return false; break;
      case "end_index": if (value !== undefined && !check377(value)) return false; break;
      case "document_index": if (value !== undefined && !check378(value)) return false; break;
      case "document_title": if (value !== undefined && !check379(value)) return false; break;
      case "file_id": if (value !== undefined && !check380(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: break;
    }
  }
  return true;
}
const check337 = check10;
function check338(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["input"] === undefined) return false;
  }
  return true;
}
function check339(data) {
  if (!(check381(data) || check382(data) || check383(data) || check384(data))) return false;
  return true;
}
function check340(data) {
  if (!(check385(data) || check386(data) || check387(data) || check388(data))) return false;
  return true;
}
function check341(data) {
  if (!(check389(data) || check390(data) || check391(data) || check392(data) || check393(data))) return false;
  return true;
}
function check342(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check394(value)) return false; break;
      case "title": if (value !== undefined && !check395(value)) return false; break;
      case "status": if (value !== undefined && !check259(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check396(value)) return false; break;
      case "description": if (value !== undefined && !check397(value)) return false; break;
      case "subitems": if (value !== undefined && !check398(value)) return false; break;
      default: break;
    }
  }
  if (!(check401(data) ? check399(data) : check400(data))) return false;
  return true;
}
const check343 = check38;
const check344 = check309;
function check345(data) {
  if (data !== "blocked") return false;
  return true;
}
function check346(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["path"] === undefined) return false;
  if (data["change"] === undefined) return false;
  if (data["binary"] === undefined) return false;
  if (data["hunks"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "path": if (value !== undefined && !check402(value)) return false; break;
      case "old_path": if (value !== undefined && !check403(value)) return false; break;
      case "change": if (value !== undefined && !check404(value)) return false; break;
      case "binary": if (value !== undefined && !check405(value)) return false; break;
      case "old_mode": if (value !== undefined && !check406(value)) return false; break;
      case "new_mode": if (value !== undefined && !check407(value)) return false; break;
      case "hunks": if (value !== undefined && !check408(value)) return false; break;
      default: break;
    }
  }
  if (!(check410(data) ? check409(data) : true)) return false;
  return true;
}
const check347 = check38;
const check348 = check10;
const check349 = check10;
const check350 = check10;
const check351 = check10;
const check352 = check10;
const check353 = check10;
const check354 = check10;
const check355 = check12;
const check356 = check13;
const check357 = check13;
const check358 = check10;
const check359 = check14;
const check360 = check10;
function check361(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["declarations"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check411(value)) return false; break;
      case "declarations": if (value !== undefined && !check412(value)) return false; break;
      case "created_at": if (value !== undefined && !check413(value)) return false; break;
      case "location": if (value !== undefined && !check414(value)) return false; break;
      case "sha256": if (value !== undefined && !check415(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check362(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["path"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check416(value)) return false; break;
      case "path": if (value !== undefined && !check417(value)) return false; break;
      case "media_type": if (value !== undefined && !check418(value)) return false; break;
      case "description": if (value !== undefined && !check419(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check363(data) {
  if (!(typeof data === "string")) return false;
  if (check420(data)) return false;
  return true;
}
function check364(data) {
  if (!(data === "snapshot" || data === "file")) return false;
  return true;
}
const check365 = check12;
const check366 = check66;
const check367 = check10;
const check368 = check10;
const check369 = check10;
const check370 = check61;
function check371(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  return true;
}
const check372 = check10;
const check373 = check10;
const check374 = check10;
const check375 = check10;
const check376 = check12;
const check377 = check12;
const check378 = check12;
const check379 = check10;
const check380 = check10;
function check381(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check382(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check383(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check384(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
const check385 = check381;
const check386 = check382;
const check387 = check383;
const check388 = check384;
const check389 = check381;
const check390 = check382;
const check391 = check383;
const check392 = check384;
function check393(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["text"] === undefined) return false;
  }
  return true;
}
const check394 = check38;
const check395 = check10;
const check396 = check260;
const check397 = check260;
const check398 = check262;
function check399(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check421(data["blocked_reason"])) return false;
  }
  return true;
}
function check400(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check422(data["blocked_reason"])) return false;
  }
  return true;
}
function check401(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check423(data["status"])) return false;
  }
  return true;
}
const check402 = check38;
const check403 = check10;
function check404(data) {
  if (!(typeof data === "string")) return false;
  if (!members13.has(data)) return false;
  return true;
}
const check405 = check47;
function check406(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern14.test(data)) return false;
  return true;
}
const check407 = check406;
function check408(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check424(data[index])) return false;
  return true;
}
function check409(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["old_path"] === undefined) return false;
  }
  return true;
}
function check410(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["change"] === undefined) return false;
    if (data["change"] !== undefined && !check425(data["change"])) return false;
  }
  return true;
}
function check411(data) {
  if (data !== "snapshot") return false;
  return true;
}
function check412(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check426(data[index])) return false;
  return true;
}
const check413 = check13;
const check414 = check10;
function check415(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern15.test(data)) return false;
  return true;
}
const check416 = check246;
const check417 = check38;
const check418 = check10;
const check419 = check10;
const check420 = check364;
const check421 = check38;
const check422 = check309;
const check423 = check345;
function check424(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["old_start"] === undefined) return false;
  if (data["old_lines"] === undefined) return false;
  if (data["new_start"] === undefined) return false;
  if (data["new_lines"] === undefined) return false;
  if (data["lines"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "old_start": if (value !== undefined && !check427(value)) return false; break;
      case "old_lines": if (value !== undefined && !check428(value)) return false; break;
      case "new_start": if (value !== undefined && !check429(value)) return false; break;
      case "new_lines": if (value !== undefined && !check430(value)) return false; break;
      case "header": if (value !== undefined && !check431(value)) return false; break;
      case "lines": if (value !== undefined && !check432(value)) return false; break;
      default: break;
    }
  }
  return true;
}
function check425(data) {
  if (!(data === "renamed" || data === "copied")) return false;
  return true;
}
function check426(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["version"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  if (data["path"] === undefined) return false;
  if (data["version"] !== undefined && !check433(data["version"])) return false;
  if (data["kind"] !== undefined && !check434(data["kind"])) return false;
  if (data["path"] !== undefined && !check435(data["path"])) return false;
  return true;
}
const check427 = check12;
const check428 = check12;
const check429 = check12;
const check430 = check12;
const check431 = check10;
function check432(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check436(data[index])) return false;
  return true;
}
function check433(data) {
  if (!(Number.isInteger(data))) return false;
  if (data !== 1) return false;
  return true;
}
function check434(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "repo" || data === "file")) return false;
  return true;
}
function check435(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern16.test(data)) return false;
  return true;
}
function check436(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["kind"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["kind"] !== undefined && !check437(data["kind"])) return false;
  if (data["text"] !== undefined && !check438(data["text"])) return false;
  return true;
}
function check437(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "context" || data === "added" || data === "removed" || data === "no_newline")) return false;
  return true;
}
const check438 = check10;
export const Event = check0;
export const MessagePayload = check1;
export const ToolPayload = check2;
export const Message = check3;
export const Part = check4;
export const Transcript = check5;
