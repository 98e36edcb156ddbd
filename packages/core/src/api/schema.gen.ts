/**
 * Wire types of the HTTP API, generated from the server's OpenAPI document (/api/openapi.json).
 * Do not edit: change the route's zod schema, then run `npm run gen:api`.
 * A test (packages/server/src/app/openapi/contract.test.ts) fails when this file and the schema differ.
 */

export interface paths {
    "/api/admin/text-engine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operators: the marketing suite's text engine (chat model or offline writer), the chat server's health and the choice */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TextEngineState"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Platform operators: write drafts with the chat model when configured (auto) or always with the offline writer */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        choice: "auto" | "offline-writer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TextEngineState"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's conversations, latest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["AgentConversation"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Starts a conversation (an empty title becomes the first question) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AgentConversation"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/conversations/{conversationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a conversation; an answer still being written is stopped and refunded first */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Renames a conversation */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AgentConversation"];
                            msg: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/agent/conversations/{conversationId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation with its messages, oldest first (an answer being written shows its text so far) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                conversation: components["schemas"]["AgentConversation"];
                                messages: components["schemas"]["AgentMessage"][];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Asks a question. Refused before charging when no chat engine is configured. Answers server-sent events: `start` { question, answer } (AgentMessage), `tool` (AgentToolCall with status running/done and index), `delta` { text }, `restart`, then `done` (the stored AgentMessage: done, stopped or failed with its error) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/messages/{messageId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops an answer being written; its points are returned (what was written so far is kept) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AgentMessage"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the agent can answer here (a chat engine is configured) and what one answer costs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AgentStatus"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai-photo/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider that made each AI-photography task, and whether its garment is locked */
        get: {
            parameters: {
                query: {
                    taskIds: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AiPhotoRun"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Image captcha (PNG) for a phone or e-mail and this client; an empty body when requested too often */
        get: {
            parameters: {
                query: {
                    mobileId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/captcha/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks the typed captcha and the proof of work (`altcha`: base64 ALTCHA payload, required whenever GET /api/auth/challenge answers one); true allows one code send */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        altcha?: string;
                        code: string;
                        mobileId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: boolean;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Proof-of-work challenge (ALTCHA format: algorithm, challenge, salt, signature, maxnumber) to solve beside the captcha; null when not asked for */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ProofOfWorkChallenge"] | null;
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a verification code by SMS or e-mail (after a verified captcha) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mobileId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["SendCodeResult"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login by SMS code, e-mail code or password (form or JSON) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id?: string;
                        inviteCode?: string;
                        /** @enum {string} */
                        loginType?: "sms_code" | "mail_code" | "";
                        mail?: string;
                        mobileId?: string;
                        password?: string;
                        redirect_uri?: string;
                        referrer?: string;
                        referrerCode?: string;
                        reqHost?: string;
                        response_type?: string;
                        username?: string;
                        verifyCode?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TokenResponse"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The token stops working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registers with a verification code and a password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id?: string;
                        inviteCode?: string;
                        mobileId: string;
                        password: string;
                        redirect_uri?: string;
                        referrer?: string;
                        referrerCode?: string;
                        reqHost?: string;
                        response_type?: string;
                        verifyCode: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TokenResponse"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets a new password with a verification code; other sessions end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id?: string;
                        inviteCode?: string;
                        mobileId: string;
                        password: string;
                        redirect_uri?: string;
                        referrer?: string;
                        referrerCode?: string;
                        reqHost?: string;
                        response_type?: string;
                        verifyCode: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TokenResponse"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in user, or null */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["UserInfo"] | null;
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this deployment can run: engine business types and configured external tools */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                bizTypes: string[];
                                enablers: {
                                    [key: string]: string[];
                                };
                                external: number[];
                                reservedChannel: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's latest batches, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchSummary"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a batch: one recipe (business type and params) over up to 200 items, each checked like a single task; the whole cost charged at once, or refused whole */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bizType: string;
                        items: string[][];
                        names?: string[];
                        /** @default {} */
                        params?: {
                            [key: string]: unknown;
                        };
                        preset?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                batchId: string;
                                cost: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch with every item: status, progress, outputs and checks against its preset */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/fix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Applies every available one-click fix of the batch's preset to every completed item that fails a check (free; answers the batch) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/items/{itemId}/fix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The one-click fix of an item's failing checks for the batch's preset (re-frame, re-pad, re-encode, whiten) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/items/{itemId}/redo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs one finished item again with the same recipe (charged like one item); with `keep`/`drop` (a recipe that cuts) the item runs with those choices of its picture's regions from now on */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BatchItemChoicesInput"] | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs the failed items again: charged again in one transaction, refunded again if they fail */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops the items not started yet, refunding each once; items already generating finish */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batchId}/zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The batch's pictures exported for a preset, each checked against it, with manifest.csv */
        get: {
            parameters: {
                query: {
                    lang?: string;
                    preset: string;
                };
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Marketplace export presets with their rules and public sources (operators edit them) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchPreset"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/presets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Creates or replaces a marketplace preset (platform operators; takes effect at once) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        format: "jpeg" | "png" | "webp";
                        height: number;
                        label: string;
                        maxBytes: number;
                        rules: components["schemas"]["BatchPresetRulesInput"];
                        source: string;
                        width: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["BatchPreset"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/presets/{name}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One of the caller's pictures (an upload or a task output) checked as it is against a preset: size, format, bytes, background, fill, edge, text, border, objects; free, nothing stored */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                checks: {
                                    detail: string;
                                    ok: boolean;
                                    /** @enum {string} */
                                    rule: "size" | "format" | "bytes" | "background" | "fill" | "edge" | "text" | "border" | "objects";
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks a text against the advertising law, the platform's rules and the tenant's own words (free); offsets are UTF-16, end exclusive */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        category?: "apparel" | "cosmetics" | "food" | "general";
                        /** @enum {string} */
                        platform?: "douyin" | "xiaohongshu" | "weibo" | "wechat" | "taobao";
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Compliance"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/ai-photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI photography providers: keys, routing table, effective routes, queue and last errors, prices */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AiPhotoPanel"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/ai-photo/costs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per business type and day: tasks, failures, provider cost, points earned, and whether it ran at a loss */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["AiPhotoCostDay"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/ai-photo/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The price table of the loss warning: CNY per FASHN credit, per CNY, per USD and per point */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        CNY?: number;
                        credits?: number;
                        points?: number;
                        USD?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/ai-photo/routes/{bizType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Routes a business type to an ordered list of providers (each with model, parameters, unit cost); a task fails over down the list; applies to the next task */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bizType: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        providers: {
                            /** @default  */
                            model?: string;
                            /** @default {} */
                            params?: {
                                [key: string]: string | number | boolean;
                            };
                            /** @enum {string} */
                            provider: "fashn" | "dashscope" | "fal";
                            /** @default null */
                            unitCost?: number | null;
                        }[];
                    } | {
                        /** @default  */
                        model?: string;
                        /** @default {} */
                        params?: {
                            [key: string]: string | number | boolean;
                        };
                        /** @enum {string} */
                        provider: "fashn" | "dashscope" | "fal";
                        /** @default null */
                        unitCost?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Removes a business type’s route (it goes to every keyed provider that serves it, paid models first) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bizType: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/compliance/words": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator's tenant's own banned words and the built-in rules' version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                max: number;
                                version: string;
                                words: components["schemas"]["ComplianceWord"][];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adds words to the tenant's list (a listed word takes the new level and suggestion and is enabled again) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        words: {
                            /**
                             * @default block
                             * @enum {string}
                             */
                            level?: "warn" | "block";
                            /** @default  */
                            suggestion?: string;
                            word: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                count: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/compliance/words/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Enables or disables a word of the tenant */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/compliance/words/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports words from CSV text: word,level (warn/block),suggestion per line */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        csv: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                count: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/followups/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow-up statuses of the tenant's leads or feedback (rows not listed are new) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    kind: "lead" | "feedback";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                note: string | null;
                                refId: string;
                                /** @enum {string} */
                                status: "new" | "contacted" | "done" | "closed";
                                updatedAt: number;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/followups/{kind}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Sets the follow-up status of a lead, consultant request or feedback of the tenant */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    kind: "lead" | "feedback";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default null */
                        note?: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "done" | "closed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the caller is a console operator, of which tenant, and whether of the platform */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                platform: boolean;
                                tenantId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/open-api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operators: every API key's tasks and points per day in the operator's tenant (last 30 days) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ApiKeyUsageDay"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/platform-nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The marketing calendar's platform nodes (custom: a saved list, else the built-in one) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                custom: boolean;
                                nodes: {
                                    day: number;
                                    desc: {
                                        en: string;
                                        zh: string;
                                    };
                                    lunar?: boolean;
                                    month: number;
                                    name: string;
                                    nameEn: string;
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Replaces the calendar's platform nodes (platform operators); the calendar shows them at once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nodes: {
                            day: number;
                            desc: {
                                en: string;
                                zh: string;
                            };
                            lunar?: boolean;
                            month: number;
                            name: string;
                            nameEn: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/referrers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Referrers the operator manages (flags, partner origins, host markers) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                allowedOrigins: string[];
                                flags: {
                                    adviserContact?: string | null;
                                    adviserName?: string | null;
                                    allowedMenuPaths?: string[] | null;
                                    chatAllow?: boolean;
                                    helpLink?: string | null;
                                    hiddenRoutes?: string[];
                                    hideCoins?: boolean;
                                    hideFloating?: boolean;
                                    hideHeader?: boolean;
                                    hideInvite?: boolean;
                                    hideSidebar?: boolean;
                                    hideTools?: boolean;
                                    logo?: string | null;
                                    /** @enum {string} */
                                    menuSet?: "default" | "enterprise" | "natural" | "travel";
                                    profileCompletion?: boolean;
                                    requireInviteCode?: boolean;
                                    supportPhone?: string | null;
                                    uploadMinKB?: number | null;
                                    uploadMinSide?: number | null;
                                };
                                hostMarkers: string[];
                                id: string;
                                name: string;
                                tenantId: string | null;
                                updatedAt: number;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/referrers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Creates or changes a referrer (platform operators; tenant operators: their own referrers) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        allowedOrigins: string[];
                        flags: {
                            adviserContact?: string | null;
                            adviserName?: string | null;
                            allowedMenuPaths?: string[] | null;
                            chatAllow?: boolean;
                            helpLink?: string | null;
                            hiddenRoutes?: string[];
                            hideCoins?: boolean;
                            hideFloating?: boolean;
                            hideHeader?: boolean;
                            hideInvite?: boolean;
                            hideSidebar?: boolean;
                            hideTools?: boolean;
                            logo?: string | null;
                            /** @enum {string} */
                            menuSet?: "default" | "enterprise" | "natural" | "travel";
                            profileCompletion?: boolean;
                            requireInviteCode?: boolean;
                            supportPhone?: string | null;
                            uploadMinKB?: number | null;
                            uploadMinSide?: number | null;
                        };
                        hostMarkers: string[];
                        name: string;
                        tenantId: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tenants the operator manages (platform operators: all) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                flags: {
                                    adviserContact?: string | null;
                                    adviserName?: string | null;
                                    allowedMenuPaths?: string[] | null;
                                    chatAllow?: boolean;
                                    helpLink?: string | null;
                                    hiddenRoutes?: string[];
                                    hideCoins?: boolean;
                                    hideFloating?: boolean;
                                    hideHeader?: boolean;
                                    hideInvite?: boolean;
                                    hideSidebar?: boolean;
                                    hideTools?: boolean;
                                    logo?: string | null;
                                    /** @enum {string} */
                                    menuSet?: "default" | "enterprise" | "natural" | "travel";
                                    profileCompletion?: boolean;
                                    requireInviteCode?: boolean;
                                    supportPhone?: string | null;
                                    uploadMinKB?: number | null;
                                    uploadMinSide?: number | null;
                                };
                                id: string;
                                members: number;
                                name: string;
                                nameEn: string;
                                pool: number;
                                updatedAt: number;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a tenant (platform operators) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default {} */
                        flags?: {
                            adviserContact?: string | null;
                            adviserName?: string | null;
                            allowedMenuPaths?: string[] | null;
                            chatAllow?: boolean;
                            helpLink?: string | null;
                            hiddenRoutes?: string[];
                            hideCoins?: boolean;
                            hideFloating?: boolean;
                            hideHeader?: boolean;
                            hideInvite?: boolean;
                            hideSidebar?: boolean;
                            hideTools?: boolean;
                            logo?: string | null;
                            /** @enum {string} */
                            menuSet?: "default" | "enterprise" | "natural" | "travel";
                            profileCompletion?: boolean;
                            requireInviteCode?: boolean;
                            supportPhone?: string | null;
                            uploadMinKB?: number | null;
                            uploadMinSide?: number | null;
                        };
                        id: string;
                        name: string;
                        /** @default  */
                        nameEn?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a tenant's names and flags (menus, hidden routes, logo...): visible without a restart */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        flags?: {
                            adviserContact?: string | null;
                            adviserName?: string | null;
                            allowedMenuPaths?: string[] | null;
                            chatAllow?: boolean;
                            helpLink?: string | null;
                            hiddenRoutes?: string[];
                            hideCoins?: boolean;
                            hideFloating?: boolean;
                            hideHeader?: boolean;
                            hideInvite?: boolean;
                            hideSidebar?: boolean;
                            hideTools?: boolean;
                            logo?: string | null;
                            /** @enum {string} */
                            menuSet?: "default" | "enterprise" | "natural" | "travel";
                            profileCompletion?: boolean;
                            requireInviteCode?: boolean;
                            supportPhone?: string | null;
                            uploadMinKB?: number | null;
                            uploadMinSide?: number | null;
                        };
                        name?: string;
                        nameEn?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/tenants/{id}/pool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds points to an enterprise tenant's pool (platform operators), with a reason */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        note: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                                pool: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users with tier, points and team role (the operator tenant; platform operators: any, ?tenantId=) */
        get: {
            parameters: {
                query?: {
                    keyword?: string;
                    pageNum?: number;
                    pageSize?: number;
                    tenantId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    account: string;
                                    createdAt: number;
                                    email: string | null;
                                    id: string;
                                    phone: string | null;
                                    points: number;
                                    /** @enum {string} */
                                    role: "owner" | "admin" | "operator" | "member";
                                    tenantId: string;
                                    tier: string;
                                    userName: string;
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users/{id}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grants points to a user with a reason (a ledger row with the reason as note) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        note: string;
                        validityDays?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users/{id}/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Sets a user's team role (owner included); platform operators may move the account to another tenant */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "admin" | "operator" | "member";
                        tenantId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users/{id}/tier": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Gives a user a paid tier for some months with a reason (package worth 0, its monthly points) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        months: number;
                        note: string;
                        /** @enum {string} */
                        tier: "basic" | "professional" | "premium" | "flagship" | "enterprise";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                endAt: number;
                                id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your content tasks (at most 10), newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["ContentTask"][];
                                max: number;
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Generates posts for the chosen platforms (at most 10 content tasks kept) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        datasetIds?: string[];
                        idea?: {
                            content: string;
                            title: string;
                        };
                        /**
                         * @default 整活幽默
                         * @enum {string}
                         */
                        ideaStyle?: "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default product
                         * @enum {string}
                         */
                        mktType?: "product" | "brand";
                        personaId?: string | number;
                        platforms: ("douyin" | "xiaohongshu" | "weibo" | "wechat")[];
                        productImage?: string;
                        productInfo: string;
                        reportId?: string;
                        /**
                         * @default imageText
                         * @enum {string}
                         */
                        socialMediaType?: "imageText" | "video" | "text";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                contentId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Content production tasks, newest first, filtered by status, theme, topic or text */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                    searchText?: string;
                    status?: "NEW" | "RUNNING" | "SUCCESS" | "TIMEOUT";
                    taskId?: number;
                    themeId?: number;
                    topicId?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["ProductionTask"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a task */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        contentIds?: string[];
                        /** @default  */
                        description?: string;
                        /** @default  */
                        dueDate?: string;
                        /** @default [] */
                        noteIds?: number[];
                        /** @default  */
                        owner?: string;
                        /** @default [] */
                        platforms?: ("douyin" | "xiaohongshu" | "weibo" | "wechat")[];
                        /**
                         * @default NEW
                         * @enum {string}
                         */
                        status?: "NEW" | "RUNNING" | "SUCCESS" | "TIMEOUT";
                        /** @default null */
                        themeId?: number | null;
                        title: string;
                        /** @default null */
                        topicId?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                taskId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-tasks/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ProductionTask"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a task */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        contentIds?: string[];
                        /** @default  */
                        description?: string;
                        /** @default  */
                        dueDate?: string;
                        /** @default [] */
                        noteIds?: number[];
                        /** @default  */
                        owner?: string;
                        /** @default [] */
                        platforms?: ("douyin" | "xiaohongshu" | "weibo" | "wechat")[];
                        /**
                         * @default NEW
                         * @enum {string}
                         */
                        status?: "NEW" | "RUNNING" | "SUCCESS" | "TIMEOUT";
                        /** @default null */
                        themeId?: number | null;
                        title: string;
                        /** @default null */
                        topicId?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a task */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A content task with its per-platform results */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ContentTask"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes a content task (loading results are stopped and refunded first) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/compliance-override": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Records (audit log) that the user sends the task's posts with block-level compliance hits on anyway (to a Base); nothing to record answers as well */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/continue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Continues generating: the stopped or failed results are written again (each charged) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                textIds: number[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events of a content task: snapshot, delta (streamed text of an item, by itemId) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The content task as a Word file (.docx, A4, margins 1440 twips); refused (complianceBlocked) while a post has a block-level compliance hit, unless `override=true` (recorded in the audit log) */
        get: {
            parameters: {
                query?: {
                    lang?: string;
                    override?: "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/items/{itemId}/operation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Likes or dislikes (with a reason) one result */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        operationType: "like" | "dislike";
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Cancels the like or dislike of a result */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/items/{itemId}/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Makes a picture for one result with the poster engine, with the product cut out when a product picture is given (10 points; refunded if it fails) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        productImage?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                taskId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/items/{itemId}/pictures/{pictureId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes one picture of a result (the file stays in the creation history) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                    pictureId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/items/{itemId}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Writes one platform's result again; `safely`: the phrases the compliance engine flags in the shown version are named to the writer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        safely?: boolean;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                textId: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/items/{itemId}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Saves the user's edit of a finished post (title and text, within the platform's limits) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        content: string;
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/{id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops the loading results; their points are returned */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                refunded: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your generations, likes and platforms per day */
        get: {
            parameters: {
                query?: {
                    days?: number;
                    tz?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ContentStatistics"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Latest messages and captcha answers sent to an address (dev outbox only) */
        get: {
            parameters: {
                query: {
                    to: string;
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["OutboxMessage"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/external/video-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** URL of an external video tool (0 mixed cutting, 5 muse, 10 muse recommend); notConfigured when unset */
        get: {
            parameters: {
                query: {
                    type: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: string;
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends feedback; an attachment must be the user's own uploaded png or jpeg (at most 20 MB) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        attachments?: {
                            url: string;
                        }[];
                        content: string;
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feishu/binding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Base user's binding when it is to the logged-in account, else null */
        get: {
            parameters: {
                query: {
                    baseUserId: string;
                    tenantKey: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                boundAt: number;
                            } | null;
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Binds a Feishu/Lark Base user to the logged-in account (moves an earlier binding) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        baseUserId: string;
                        tenantKey: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                boundAt: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Removes the Base user's binding to the logged-in account */
        delete: {
            parameters: {
                query: {
                    baseUserId: string;
                    tenantKey: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                removed: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feishu/bindings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every Base user bound to the logged-in account */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                baseUserId: string;
                                boundAt: number;
                                tenantKey: string;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/goods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's products; keyword filters by containment over name plus intro */
        get: {
            parameters: {
                query?: {
                    keyword?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Goods"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adds a product */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        images?: string[];
                        /** @default  */
                        intro?: string;
                        name: string;
                        /** @default  */
                        price?: string;
                        /** @default [] */
                        sellingPoints?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                goodsId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/goods/{goodsId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product with its productInfo text */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    goodsId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Goods"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a product */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    goodsId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        images?: string[];
                        /** @default  */
                        intro?: string;
                        name: string;
                        /** @default  */
                        price?: string;
                        /** @default [] */
                        sellingPoints?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a product */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    goodsId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/goods/{goodsId}/pictures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A product's pictures as generation inputs (batch studio): the user's own files as they are, other links fetched safely, checked and stored as uploads; the rest listed with the reason */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    goodsId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                failed: {
                                    message: string;
                                    source: string;
                                }[];
                                pictures: {
                                    name: string;
                                    url: string;
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and the backends in use */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Health"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when the database, queue and storage answer and the process is not draining, else 503 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Readiness"];
                            msg: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Readiness"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hot-library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved hot items, newest first; searchText filters by containment */
        get: {
            parameters: {
                query?: {
                    itemId?: number;
                    pageNum?: number;
                    pageSize?: number;
                    searchText?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["HotItem"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Saves a hot item (from a hot list, or typed in) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        /** @default  */
                        hot?: string;
                        /** @default  */
                        platform?: string;
                        /**
                         * @default manual
                         * @enum {string}
                         */
                        source?: "hotspot" | "manual";
                        title: string;
                        /** @default  */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                itemId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hot-library/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One saved item */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotItem"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a saved item */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        /** @default  */
                        hot?: string;
                        /** @default  */
                        platform?: string;
                        title: string;
                        /** @default  */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a saved item */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hot-library/import-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports notes (own or public) into the hot library */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        noteIds: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                itemIds: string[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hotspots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A hot list: the feed for douyin and weibo, your imports for xiaohongshu and import; `feedError` says when the feed is unreachable */
        get: {
            parameters: {
                query: {
                    pageNum?: number;
                    pageSize?: number;
                    platform: "douyin" | "xiaohongshu" | "weibo" | "import";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotspotPage"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hotspots/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports hot items (pasted, from a file or a link list) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        items: {
                            author?: string;
                            desc?: string;
                            hot?: string | number;
                            title: string;
                            url?: string | "";
                        }[];
                        /** @enum {string} */
                        platform: "douyin" | "xiaohongshu" | "weibo" | "import";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                imported: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hotspots/import/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reads a CSV or XLSX file (multipart "file") into import items, without saving them */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                items: {
                                    author?: string;
                                    desc?: string;
                                    hot?: string;
                                    title: string;
                                    url?: string;
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hotspots/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hot list grouped into topics by shared keywords */
        get: {
            parameters: {
                query: {
                    platform: "douyin" | "xiaohongshu" | "weibo" | "import";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotspotTopics"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hotspots/words": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hot words of the list (jieba + TF-IDF), best first */
        get: {
            parameters: {
                query: {
                    platform: "douyin" | "xiaohongshu" | "weibo" | "import";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotspotWords"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ideas/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your idea reports, newest first */
        get: {
            parameters: {
                query?: {
                    keyword?: string;
                    pageNum?: number;
                    pageSize?: number;
                    subType?: "PUBLIC" | "PERSONAL" | "CALENDAR" | "HOT_ARTICLE_REWRITE" | "CUSTOM_INSPIRATION" | "HOT_PIC_REWRITE" | "HOT_VIDEO_REWRITE" | "VIDEO_SCRIPT" | "HOTSPOT_MARKETING" | "CREATIVE_IDEA_GENERATE" | "CONTENT_GENERATE" | "BACKGROUND_REPRODUCE" | "THEME_ARTICLE_GEN" | "PLACARD_GEN";
                    type?: "SOCIAL_MEDIA_CREATIVE_SCHEME" | "VIDEO_CREATIVE_SCHEME" | "OFFLINE_CREATIVE_SCHEME";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["IdeaReportPage"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Starts an idea report from a hotspot, a calendar day or a custom idea */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        calendarDay?: string;
                        datasetIds?: string[];
                        hotLibraryId?: string;
                        hotspotId?: string;
                        /** @enum {string} */
                        hotspotSourceType: "PUBLIC" | "PERSONAL" | "CALENDAR" | "HOT_ARTICLE_REWRITE" | "CUSTOM_INSPIRATION" | "HOT_PIC_REWRITE" | "HOT_VIDEO_REWRITE" | "VIDEO_SCRIPT" | "HOTSPOT_MARKETING" | "CREATIVE_IDEA_GENERATE" | "CONTENT_GENERATE" | "BACKGROUND_REPRODUCE" | "THEME_ARTICLE_GEN" | "PLACARD_GEN";
                        /**
                         * @default 整活幽默
                         * @enum {string}
                         */
                        ideaStyle?: "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                        location?: {
                            name: string;
                            /** @enum {string} */
                            type: "country" | "city" | "spots";
                        };
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default product
                         * @enum {string}
                         */
                        mktType?: "product" | "brand";
                        productImage?: string;
                        /** @default  */
                        prompt?: string;
                        reportTitle?: string;
                        socialType: ("image" | "video" | "offline")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                reportId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ideas/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An idea report with its stage and ideas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["IdeaReport"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ideas/reports/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels a generating report (opsType cancel); its points are returned */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ideas/reports/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events of a report: snapshot, delta (streamed text of a step) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ideas/reports/{id}/ideas/{ideaId}/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Makes a picture for an idea with the poster engine, with the product cut out when a product picture is given (10 points; refunded if it fails) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    ideaId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        productImage?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                taskId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's messages and their tenant's broadcasts, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["InboxMessage"][];
                                total: number;
                                unReadMsgCnt: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes every message for this user (broadcasts stay for the tenant's other users) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/{msgId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks one message read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    msgId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks every message read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/insights/analyses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's analyses of a kind, newest first */
        get: {
            parameters: {
                query: {
                    kind: "product" | "comment";
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["InsightAnalysisSummary"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Analyses up to 300 reviews or comments (themes, sentiment, selling points, complaints); no points */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entries: string[];
                        /** @enum {string} */
                        kind: "product" | "comment";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                analysisId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/insights/analyses/{analysisId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An analysis with the quotes behind each finding */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    analysisId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["InsightAnalysis"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes an analysis */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    analysisId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/insights/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reads the texts to analyse, without saving them: a CSV or XLSX file (multipart "file") or JSON { text } (one per line) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                entries: string[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/insights/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a chat engine is configured (analyses need one), and the limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                chatEngine: boolean;
                                maxChars: number;
                                maxEntries: number;
                                maxEntryChars: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's live API keys */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ApiKey"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates an API key; the key is answered this once (only its hash is kept) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bizTypes?: string[] | null;
                        name: string;
                        scopes: ("generate" | "read")[];
                        team?: boolean | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                key: string;
                                keyId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes an API key: it is refused from the next request on */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tasks and points per key and day (UTC+8) over the last 30 days, for the caller's keys */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ApiKeyUsageDay"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a collection and its chunks */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/collections/{collectionId}/chunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The chunks (or question/answer pairs) of a collection */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path: {
                    collectionId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    a: string;
                                    chunkId: string;
                                    index: number;
                                    q: string;
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/collections/{collectionId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trains a failed or stopped collection again from where it ended */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/collections/{collectionId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops training after the current step */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's datasets in a folder (none: top level; all=1: every dataset, for pickers) */
        get: {
            parameters: {
                query?: {
                    all?: "0" | "1";
                    folderId?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["KnowledgeDataset"][];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a dataset */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        folderId?: number | null;
                        /** @default  */
                        intro?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                datasetId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/datasets/{datasetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dataset */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {string} */
                                backend: "local" | "fastgpt";
                                createdAt: number;
                                datasetId: string;
                                folderId: string | null;
                                intro: string;
                                name: string;
                                updatedAt: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes a dataset with its collections and chunks */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Renames, describes or moves a dataset */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        folderId?: number | null;
                        intro?: string;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/knowledge/datasets/{datasetId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Collections of a dataset with training status and progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    chunks: number;
                                    collectionId: string;
                                    createdAt: number;
                                    error: string | null;
                                    name: string;
                                    progress: {
                                        done: number;
                                        total: number;
                                    };
                                    source: string;
                                    /** @enum {string} */
                                    status: "training" | "ready" | "failed";
                                    /** @enum {string} */
                                    trainingType: "auto" | "chunk" | "qa";
                                    /** @enum {string} */
                                    type: "file" | "link" | "virtual";
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adds a collection: multipart `file` (pdf, docx, txt, md, csv, xlsx; fields name and trainingType may come before it), or JSON { type: link|text, url?, text?, name, trainingType } */
        post: {
            parameters: {
                query?: {
                    trainingType?: "auto" | "chunk" | "qa";
                };
                header?: never;
                path: {
                    datasetId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                collectionId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Folders under a parent (none: top level) */
        get: {
            parameters: {
                query?: {
                    parentId?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    createdAt: number;
                                    folderId: string;
                                    name: string;
                                    parentId: string | null;
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a folder */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        parentId?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                folderId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/folders/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a folder; its datasets move to the top level */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    folderId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Searches datasets (the database full-text index over jieba terms; hybrid with vectors when embeddings are configured), best first, with highlighted snippets */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        collectionIds?: number[];
                        datasetId?: number;
                        datasetIds?: number[];
                        /** @default 10 */
                        limit?: number;
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                a: string;
                                chunkId: string;
                                collectionId: string;
                                datasetId: string;
                                /** @enum {string} */
                                mode: "keyword" | "hybrid";
                                q: string;
                                score: number;
                                scores: {
                                    keyword: number | null;
                                    vector: number | null;
                                };
                                /** @description The text around the matched query terms, in parts; `match` marks a matched term */
                                snippet?: {
                                    match: boolean;
                                    text: string;
                                }[];
                                sourceName: string;
                                text: string;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The social-platform accounts the team runs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosAccount"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adds an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        displayName?: string;
                        handle: string;
                        /** @default  */
                        notes?: string;
                        /** @default null */
                        ownerUserId?: string | null;
                        /** @default null */
                        personaId?: number | null;
                        /** @enum {string} */
                        platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                accountId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes an account */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        displayName?: string;
                        handle: string;
                        /** @default  */
                        notes?: string;
                        /** @default null */
                        ownerUserId?: string | null;
                        /** @default null */
                        personaId?: number | null;
                        /** @enum {string} */
                        platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Removes an account and its topic plans */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/monitoring/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tracked accounts with their latest figures */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosTrackedAccount"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/monitoring/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tracked account's figures per day and its posts */
        get: {
            parameters: {
                query: {
                    handle: string;
                    platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosTrackedDetail"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/monitoring/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports readings: a CSV or XLSX file (multipart "file") or JSON { text } with pasted CSV; header row first, at most 5000 rows (columns in docs/kos.md) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosImportResult"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/monitoring/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Readings posted by the Base data-sync plugin (one per post and day; a later reading of the same day replaces it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rows: {
                            /** @default 0 */
                            comments?: number;
                            day: string;
                            handle: string;
                            /** @default 0 */
                            likes?: number;
                            /** @enum {string} */
                            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                            /** @default  */
                            postKey?: string;
                            publishedDay?: string | "";
                            /** @default 0 */
                            shares?: number;
                            /** @default  */
                            title?: string;
                            /** @default  */
                            url?: string;
                            /** @default 0 */
                            views?: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                imported: number;
                                newPosts: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users of the tenant, to pick an account owner (manageKos) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                name: string;
                                userId: string;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/personas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's personas (tone, audience, taboo words) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosPersona"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a persona */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        audience?: string;
                        /** @default  */
                        intro?: string;
                        name: string;
                        /** @default [] */
                        tabooWords?: string[];
                        /** @default  */
                        tone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                personaId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/personas/{personaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a persona */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    personaId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        audience?: string;
                        /** @default  */
                        intro?: string;
                        name: string;
                        /** @default [] */
                        tabooWords?: string[];
                        /** @default  */
                        tone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a persona (its accounts keep no persona) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    personaId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Topic plans by day; month is YYYY/MM */
        get: {
            parameters: {
                query?: {
                    accountId?: number;
                    month?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["KosTopic"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Plans a topic for an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId: number;
                        /** @default  */
                        brief?: string;
                        planDay: string;
                        /**
                         * @default planned
                         * @enum {string}
                         */
                        status?: "planned" | "writing" | "published" | "dropped";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                topicId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/kos/topics/{topicId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a topic plan */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    topicId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId: number;
                        /** @default  */
                        brief?: string;
                        planDay: string;
                        /**
                         * @default planned
                         * @enum {string}
                         */
                        status?: "planned" | "writing" | "published" | "dropped";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a topic plan */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    topicId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submits a lead or consultant form (anonymous allowed; rules of core validation/leads.ts) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        address?: string;
                        companyName: string;
                        /** @default  */
                        description?: string;
                        /** @default  */
                        email?: string;
                        name: string;
                        /** @default  */
                        phone?: string;
                        referrer?: string;
                        /** @enum {string} */
                        type: "HOT" | "MODI" | "consultant" | "custom_model";
                        /** @default  */
                        webSource?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/marketing/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One month of the marketing calendar: festivals, solar terms, holidays, platform nodes */
        get: {
            parameters: {
                query: {
                    calendarMarketingTypes?: string;
                    month: number;
                    showActivityDesc?: "0" | "1" | "true" | "false";
                    year: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["CalendarDay"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/marketing/engine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The text engine that writes marketing drafts now (openai-chat or offline-writer) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {string} */
                                engine: "openai-chat" | "offline-writer";
                                model: string | null;
                                /** @enum {string|null} */
                                offlineReason: "operatorChoice" | "notConfigured" | null;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/marketing/hotspot-matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hot items matched to your products; with hotspotId, every product ranked with its angles */
        get: {
            parameters: {
                query?: {
                    hotspotId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotspotMatches"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/marketing/hotspot-publishers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The accounts behind hot items of a platform over the last days */
        get: {
            parameters: {
                query: {
                    days?: number;
                    platform: "douyin" | "xiaohongshu" | "weibo" | "import";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HotspotPublishers"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/marketing/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Today's ideas ranked from hot items, upcoming calendar nodes, your products and personas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Recommendations"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/membership/admin/enterprise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Operators: give an account the enterprise plan with custom monthly points */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account: string;
                        monthlyPoints: number;
                        months: number;
                        /** @default 0 */
                        value?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["EnterpriseContract"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/membership/admin/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operators: every product, inactive ones included */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Product"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/membership/admin/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Operators: create or change a product (prices in cents; orders keep their own copy) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        kind: "package" | "topup" | "enterprise";
                        nameEn: string;
                        nameZh: string;
                        /** @enum {string|null} */
                        period: "monthly" | "annual" | null;
                        points: number | null;
                        price: number;
                        sort: number;
                        /** @enum {string|null} */
                        tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise" | null;
                        validityDays: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Product"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/membership/admin/service": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Operators: the customer-service link (QR code) and phone shown with the enterprise offer */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        phone: string | null;
                        /** Format: uri */
                        url: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ServiceContact"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/membership/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tiers with benefits, packages and top-up packs (and what the caller would pay) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["MembershipProducts"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/model-library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models the caller sees (own, tenant, public), newest first, filtered by scope, tag or words */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                    q?: string;
                    scope?: "own" | "tenant" | "public";
                    tag?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["LibraryModel"][];
                                tags: string[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adds a model from a picture the caller owns; scope tenant or public is for operators */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        consent?: string;
                        /** @default  */
                        licence?: string;
                        /** @default  */
                        look?: string;
                        name: string;
                        picture: string;
                        /**
                         * @default own
                         * @enum {string}
                         */
                        scope?: "own" | "tenant" | "public";
                        /** @default [] */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["LibraryModel"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/model-library/{modelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edits a model (its owner, or an operator of its tenant) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        consent?: string;
                        /** @default  */
                        licence?: string;
                        /** @default  */
                        look?: string;
                        name: string;
                        /** @default [] */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["LibraryModel"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a model (its owner, or an operator of its tenant) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/model-library/{modelId}/use": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The model’s picture as the caller’s own file, to be a task input */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                name: string;
                                url: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/model-library/house-look": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's house look (fixed model, expression and scene), null when none is saved */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HouseLook"] | null;
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Saves the house look (paid members): a model the caller sees, an expression, a scene id or custom scene */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        customScene?: string;
                        /**
                         * @default null
                         * @enum {string|null}
                         */
                        expression?: "natural" | "smile" | "laugh" | "confident" | "calm" | "serious" | null;
                        /** @default null */
                        modelId?: string | null;
                        /** @default null */
                        sceneId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["HouseLook"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/model-library/starter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The starter library (platform operators): its figures, the keys that let this install make them, whether one is set, the latest build */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                figures: {
                                    /** @enum {string} */
                                    age: "20s" | "30s" | "40s" | "50s";
                                    /** @enum {string} */
                                    build: "slim" | "average" | "athletic" | "plus";
                                    /** @enum {string} */
                                    gender: "female" | "male";
                                    /** @enum {string} */
                                    pose: "front" | "threeQuarter" | "walking" | "handsOnHips" | "seated";
                                    /** @enum {string} */
                                    skin: "light" | "medium" | "olive" | "brown" | "deep";
                                }[];
                                keys: string[];
                                latest: components["schemas"]["LibraryBuild"] | null;
                                provider: string | null;
                                ready: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Builds the starter library (platform operators): the first `count` figures made through a keyed provider and published to every tenant; refused before any provider is called without a key */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 12 */
                        count?: number;
                        /** @enum {string} */
                        lang?: "zh" | "en";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["LibraryBuild"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notes: the user's own (scope mine), the tenant's public note base (public) or favourites; searchText filters by containment */
        get: {
            parameters: {
                query?: {
                    noteId?: number;
                    pageNum?: number;
                    pageSize?: number;
                    scope?: "mine" | "public" | "favorites";
                    searchText?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["Note"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a note */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        /** @default [] */
                        images?: string[];
                        /** @default false */
                        isPublic?: boolean;
                        /**
                         * @default {
                         *       "likes": 0,
                         *       "collects": 0,
                         *       "comments": 0,
                         *       "shares": 0
                         *     }
                         */
                        metrics?: {
                            /** @default 0 */
                            collects?: number;
                            /** @default 0 */
                            comments?: number;
                            /** @default 0 */
                            likes?: number;
                            /** @default 0 */
                            shares?: number;
                        };
                        /** @default  */
                        platform?: string;
                        /** @default  */
                        sourceUrl?: string;
                        /** @default [] */
                        tags?: string[];
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                noteId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notes/{noteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One note */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    noteId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Note"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a note (author only) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    noteId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        /** @default [] */
                        images?: string[];
                        /** @default false */
                        isPublic?: boolean;
                        /**
                         * @default {
                         *       "likes": 0,
                         *       "collects": 0,
                         *       "comments": 0,
                         *       "shares": 0
                         *     }
                         */
                        metrics?: {
                            /** @default 0 */
                            collects?: number;
                            /** @default 0 */
                            comments?: number;
                            /** @default 0 */
                            likes?: number;
                            /** @default 0 */
                            shares?: number;
                        };
                        /** @default  */
                        platform?: string;
                        /** @default  */
                        sourceUrl?: string;
                        /** @default [] */
                        tags?: string[];
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a note (author only) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    noteId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notes/{noteId}/favorite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds or removes a favourite */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    noteId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isFavorite: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notes/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Favourite map noteId -> isFavorite for the given ids (comma-separated) */
        get: {
            parameters: {
                query?: {
                    noteIds?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                [key: string]: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a batch (paid members): one recipe over up to 200 items; the whole cost charged at once or refused whole, as POST /api/batches */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch with every item: status, outputs and checks against its preset */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches/{batchId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs the failed items again (charged again, refunded again if they fail) */
        post: operations["retryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches/{batchId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops the items not started yet, refunding each once */
        post: operations["stopBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches/{batchId}/zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The batch's pictures exported for a preset, with manifest.csv (a .zip file) */
        get: operations["batchZip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/batches/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Marketplace export presets with their rules */
        get: operations["listPresets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key owner's tasks, newest first (as GET /api/tasks) */
        get: operations["listTasks"];
        put?: never;
        /** Creates a task as the web app does (same checks, points and refunds). With an Idempotency-Key header, a repeat with the same key and body answers the first task and charges nothing */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/tasks/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task of the key owner */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/tasks/{taskId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops a pending or generating task; its points are refunded once */
        post: operations["stopTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/open/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads one image (png, jpeg, webp or gif by content) as multipart field "file"; use its url as a task input */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's feedback, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["FeedbackItem"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages the operators of this tenant sent, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["SentMessage"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Sends a message to every user of the operator's tenant, or to one of them (userId) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        brief?: string;
                        content: string;
                        /** @enum {string} */
                        contentType: "text" | "html" | "link";
                        img?: string;
                        title: string;
                        userId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                msgId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/invite-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Today's invite code of a referrer of the operator's tenant that requires one */
        get: {
            parameters: {
                query: {
                    referrer: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                code: string;
                                day: string;
                                referrer: string;
                                validUntil: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's leads, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                    type?: "HOT" | "MODI" | "consultant" | "custom_model";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["Lead"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's orders, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["OrderPage"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Order a product: { orderNo, amount, status, payUrl } and the QR code; 409 with the open order when one is waiting */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        productId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Order"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{orderNo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the user’s orders (with the QR code while it can be paid) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderNo: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Order"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{orderNo}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an unpaid order (status 4) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderNo: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Order"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{orderNo}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Operators: refund a paid order (status 6, unspent points withdrawn, at most once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderNo: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Order"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operators: everybody's orders, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["OperatorOrder"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{provider}/notify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment notifications (webhook) of the configured provider; signature verified, idempotent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        } | {
                            code: string;
                            message: string;
                        };
                        "text/plain": "success" | "fail";
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
                /** @description Default Response */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        } | {
                            code: string;
                            message: string;
                        };
                        "text/plain": "success" | "fail";
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/sandbox/{orderNo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sandbox pay page (HTML) that the QR code opens; needs the order's pay URL capability `t` */
        get: {
            parameters: {
                query?: {
                    t?: string;
                };
                header?: never;
                path: {
                    orderNo: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/sandbox/{orderNo}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox pay page buttons: sends the signed notification a real provider would (success, fail, or the timeout close) */
        post: {
            parameters: {
                query?: {
                    t?: string;
                };
                header?: never;
                path: {
                    orderNo: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        result: "success" | "fail" | "timeout";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Order"] | null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/points/admin/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Operators: credit points to an account (admin adjustment) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account: string;
                        amount: number;
                        note: string;
                        validityDays?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/points/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's points ledger, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["LedgerPage"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your publishing plan between two days (YYYY/MM/DD) */
        get: {
            parameters: {
                query: {
                    from: string;
                    to: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["PublishingPlan"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Plan a post */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        day: string;
                        /** @default [] */
                        images?: string[];
                        /** @enum {string} */
                        platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                        /** @default null */
                        remindBefore?: number | null;
                        /**
                         * @default planned
                         * @enum {string}
                         */
                        status?: "planned" | "ready" | "published" | "skipped";
                        tags?: string[];
                        /** @default 20:00 */
                        time?: string;
                        /** @default  */
                        title?: string;
                        /** @default -480 */
                        tz?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["PublishingPost"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts/{postId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a planned post (text, pictures, tags, day, status, reminder) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        content?: string;
                        day: string;
                        /** @default [] */
                        images?: string[];
                        /** @enum {string} */
                        platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                        /** @default null */
                        remindBefore?: number | null;
                        /**
                         * @default planned
                         * @enum {string}
                         */
                        status?: "planned" | "ready" | "published" | "skipped";
                        tags?: string[];
                        /** @default 20:00 */
                        time?: string;
                        /** @default  */
                        title?: string;
                        /** @default -480 */
                        tz?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["PublishingPost"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Remove a planned post */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts/{postId}/package": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The post's export package for its platform (zip: post.txt, tags.txt, pictures/) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts/from-content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Plan a finished content result (its platform, title, text, pictures and #tags) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contentId: string;
                        day: string;
                        itemId: number;
                        /** @default null */
                        remindBefore?: number | null;
                        /** @default 20:00 */
                        time?: string;
                        /** @default -480 */
                        tz?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["PublishingPost"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** mine: own items; queue: waiting for review, oldest first (reviewers); all: the tenant (reviewers) */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                    scope?: "mine" | "queue" | "all";
                    status?: "draft" | "in_review" | "approved" | "rejected" | "published";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["ReviewItem"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a draft idea or content */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default null */
                        accountId?: number | null;
                        /** @default  */
                        body?: string;
                        /**
                         * @default idea
                         * @enum {string}
                         */
                        kind?: "idea" | "content";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                itemId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item with its comments and state changes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ReviewItemDetail"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a draft or rejected item (author) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default null */
                        accountId?: number | null;
                        /** @default  */
                        body?: string;
                        /**
                         * @default idea
                         * @enum {string}
                         */
                        kind?: "idea" | "content";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes an item (author or reviewer) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approves an item in review (reviewContent: owner, admin, operator) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comments on an item */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                commentId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks an approved item published (reviewContent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rejects an item in review with a comment saying why (reviewContent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a draft or rejected item for review (author) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/items/{itemId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes an item back from review into draft (author) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    itemId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/review/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's items per status, the queue length and whether the caller reviews */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                mine: {
                                    [key: string]: number;
                                };
                                queue: number;
                                reviewer: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's rewrite batches (of one kind when asked), newest first */
        get: {
            parameters: {
                query?: {
                    kind?: "article" | "text" | "picture" | "video" | "topic";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                batchId: string;
                                createdAt: number;
                                kind: string;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Submits a rewrite: an article by link (fetched safely) or pasted; answers the batch with its items */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        article?: string;
                        /** @default 1 */
                        genNum?: number;
                        inputType: 1 | 2;
                        /**
                         * @default zh
                         * @enum {string}
                         */
                        lang?: "zh" | "en";
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default xiaohongshu
                         * @enum {string}
                         */
                        platform?: "xiaohongshu" | "weibo" | "douyin";
                        /** @default  */
                        productInfo?: string;
                        /**
                         * @default default
                         * @enum {string}
                         */
                        style?: "default" | "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                        /** @default  */
                        summary?: string;
                        /** @default  */
                        title?: string;
                        /** @default  */
                        xhsUrl?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One batch with its items (reload returns here) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes a batch (the page then starts a new one) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/batches/{batchId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops the running items of a batch (each refunded) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/batches/{batchId}/items/{itemId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Likes or dislikes an item; a dislike names one of the spec 001 §9 reasons */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        liked: boolean;
                        /**
                         * @default null
                         * @enum {string|null}
                         */
                        reason?: "商品/品牌信息错误" | "文案创意较差" | "文案内容较差" | "文案风格不搭" | "脚本创意较差" | "脚本内容较差" | "脚本与原视频无关" | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/batches/{batchId}/items/{itemId}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Regenerates one item (batchId, itemId) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batchId: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/picture-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submits a picture rewrite (/rewrite-image): genNum new pictures from the original for the product, 10 points each; needs an image engine */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 2 */
                        genNum?: number;
                        img: string;
                        /** @default  */
                        marketDesc?: string;
                        /** @default  */
                        picDesc?: string;
                        /** @default  */
                        productImg?: string;
                        productInfo: string;
                        /**
                         * @default 3:4
                         * @enum {string}
                         */
                        ratio?: "3:4" | "1:1" | "9:16" | "16:9";
                        /** @default  */
                        res?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/text-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submits a text rewrite (/rewrite-text): pasted text rewritten for the product; needs a chat model */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 1 */
                        genNum?: number;
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default xiaohongshu
                         * @enum {string}
                         */
                        platform?: "xiaohongshu" | "weibo" | "douyin";
                        /** @default  */
                        productInfo?: string;
                        /**
                         * @default default
                         * @enum {string}
                         */
                        style?: "default" | "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/topic-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submits a topic generation (/topic-generate, THEME_ARTICLE_GEN): articles on a topic by the chat model, or template drafts of the offline writer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 1 */
                        genNum?: number;
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default xiaohongshu
                         * @enum {string}
                         */
                        platform?: "xiaohongshu" | "weibo" | "douyin";
                        /** @default  */
                        productInfo?: string;
                        /**
                         * @default default
                         * @enum {string}
                         */
                        style?: "default" | "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                        topic: string;
                        /** @default  */
                        topicDesc?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/video-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submits a video-script rewrite (/rewrite-video): genNum shot-by-shot scripts following the original video, 10 points each; needs a chat model */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 2 */
                        genNum?: number;
                        /** @default  */
                        marketDesc?: string;
                        productInfo: string;
                        /** @default  */
                        res?: string;
                        /** @default  */
                        transcript?: string;
                        video: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteBatch"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rewrite/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads the original video of a script rewrite (multipart "file"; mp4, mov, webm or mkv by content, at most 25MB and 300 s); answers its duration and shots with keyframes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["RewriteVideo"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/bind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Binds a phone number or e-mail address with the code sent to it (POST /api/auth/code first) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mobileId: string;
                        verifyCode: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {string} */
                                kind: "phone" | "email";
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends every session of the account, the caller's included */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Changes the password (oldPassword required when one is set); other sessions end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        oldPassword?: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes the display name and/or company name */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        companyName?: string;
                        userName?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's tasks, newest first, within the history retention of their membership tier */
        get: {
            parameters: {
                query?: {
                    batchId?: string;
                    /** @description A registered business type: KNOWLEDGE_TRAIN, MKT_CONTENT, MKT_CONTENT_DRAFT, MKT_IDEA_PICTURE, MKT_IDEA_REPORT, MKT_IDEA_REPORT_DRAFT, PLACARD_GEN, HOT_ARTICLE_REWRITE, HOT_PIC_REWRITE, HOT_VIDEO_REWRITE, THEME_ARTICLE_GEN, MANNEQUIN_IMAGE, MODEL_IMAGE_NEW, WIG_IMAGE, SHOES_IMAGE, PRODUCT_IMAGE, PRODUCT_REPLACE_IMAGE, MATTING_IMAGE, CUSTOMIZED_MODEL, PET_IMAGE_CUSTOMIZED, QR_CODE_ART, IMG_2_VEDIO, TRY_ON, or one a domain added */
                    bizType?: string;
                    lang?: string;
                    pageNum?: number;
                    pageSize?: number;
                    status?: "pending" | "generating" | "completed" | "failed" | "stopped";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    attempts?: {
                                        model: string;
                                        ms: number;
                                        /** @enum {string} */
                                        outcome: "ok" | "failed" | "refused" | "stopped";
                                        /** @enum {string} */
                                        provider: "fashn" | "dashscope" | "fal";
                                    }[];
                                    batch?: {
                                        batchId: string;
                                        count: number;
                                    };
                                    bizType: string;
                                    cost: number;
                                    createdAt: number;
                                    data: unknown;
                                    error: string | null;
                                    inputs: string[];
                                    /** @enum {string} */
                                    output: "file" | "text";
                                    outputs: {
                                        /** @enum {string} */
                                        type: "image" | "video";
                                        url: string;
                                    }[];
                                    params: {
                                        [key: string]: unknown;
                                    };
                                    progress: number;
                                    /** @enum {string} */
                                    status: "pending" | "generating" | "completed" | "failed" | "stopped";
                                    taskId: string;
                                    text: string | null;
                                    updatedAt: number;
                                }[];
                                tools: string[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a generation task: checks engine, parameters, membership features and inputs (the caller's uploads or earlier outputs), charges its points and queues it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A registered business type: KNOWLEDGE_TRAIN, MKT_CONTENT, MKT_CONTENT_DRAFT, MKT_IDEA_PICTURE, MKT_IDEA_REPORT, MKT_IDEA_REPORT_DRAFT, PLACARD_GEN, HOT_ARTICLE_REWRITE, HOT_PIC_REWRITE, HOT_VIDEO_REWRITE, THEME_ARTICLE_GEN, MANNEQUIN_IMAGE, MODEL_IMAGE_NEW, WIG_IMAGE, SHOES_IMAGE, PRODUCT_IMAGE, PRODUCT_REPLACE_IMAGE, MATTING_IMAGE, CUSTOMIZED_MODEL, PET_IMAGE_CUSTOMIZED, QR_CODE_ART, IMG_2_VEDIO, TRY_ON, or one a domain added */
                        bizType: string;
                        /** @default [] */
                        inputs?: string[];
                        /** @default {} */
                        params?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                cost: number;
                                /** @enum {string} */
                                status: "pending" | "generating" | "completed" | "failed" | "stopped";
                                taskId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task of the caller (for polling every 5 s) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TaskView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Deletes a task from the caller's history with its output files (a running task is stopped and refunded first) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events of one task: `task` (the whole task), then `progress`, `delta` (streamed text), `text`, `outputs` and `status` until it ends; every event has an id, and a reconnect with `Last-Event-ID` receives only what it missed */
        get: {
            parameters: {
                query?: {
                    lang?: string;
                };
                header?: never;
                path: {
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}/outputs/{index}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Downloads one output: 1080P for everyone, 2K for paid members; one download of an item at a time */
        get: {
            parameters: {
                query?: {
                    definition?: "1080P" | "2K";
                    lang?: string;
                };
                header?: never;
                path: {
                    index: number;
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                        "video/*": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rates a result (the rating dialog): score 1 to 5 and reasons */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        comment?: string;
                        /** @default [] */
                        reasons?: string[];
                        score: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops a pending or running task; its points are refunded once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    taskId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TaskView"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/engines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The business types the configured engines can make (others answer engineNotConfigured) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                engines: {
                                    bizTypes: string[];
                                    name: string;
                                    rendersLarger: string[];
                                }[];
                                health: {
                                    name: string;
                                    servers: {
                                        active: number;
                                        queue: number | null;
                                        reachable: boolean;
                                        server: number;
                                    }[];
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/scenes/qr/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A scene of QR code art (drawn by the server), as JPEG */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: "1" | "2" | "3" | "4" | "5" | "6";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/scenes/reference/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An example reference background of background reproduction (drawn by the server), as JPEG */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: "stone" | "mountain" | "flower" | "desert" | "studio" | "marble" | "wood" | "linen" | "concrete" | "window";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners and admins: the tenant's live team API keys, with who made each */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["TeamApiKey"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Owners and admins: revokes one of the tenant's team API keys */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's audit log of management actions, newest first (owners and admins) */
        get: {
            parameters: {
                query?: {
                    action?: string;
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    action: string;
                                    actorId: string;
                                    actorName: string;
                                    createdAt: number;
                                    detail: {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    target: string | null;
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's invitations, newest first */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    acceptedBy: string | null;
                                    createdAt: number;
                                    expiresAt: number;
                                    id: string;
                                    /** @enum {string} */
                                    kind: "link" | "phone";
                                    phone: string | null;
                                    /** @enum {string} */
                                    role: "owner" | "admin" | "operator" | "member";
                                    /** @enum {string} */
                                    status: "pending" | "accepted" | "revoked" | "expired";
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Invites by link (answers the secret token once) or by phone, with a role and an expiry */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        days?: number;
                        /** @enum {string} */
                        kind: "link" | "phone";
                        phone?: string;
                        /** @enum {string} */
                        role: "admin" | "operator" | "member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                expiresAt: number;
                                id: string;
                                token: string | null;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes a pending invitation */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The caller joins the tenant of an invitation (link token, or the id of a phone invitation for their phone) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: string;
                        token?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {string} */
                                role: "owner" | "admin" | "operator" | "member";
                                tenantId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending phone invitations for the caller's phone */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                                /** @enum {string} */
                                role: "owner" | "admin" | "operator" | "member";
                                tenantId: string;
                                tenantName: string;
                            }[];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a link invitation offers (tenant name and role); anonymous allowed */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {string} */
                                role: "owner" | "admin" | "operator" | "member";
                                tenantId: string;
                                tenantName: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's role in their tenant and what it allows (for menus); anonymous: 401 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                consoleOperator: boolean;
                                enterprise: boolean;
                                permissions: string[];
                                /** @enum {string} */
                                role: "owner" | "admin" | "operator" | "member";
                                tenantId: string;
                                tenantName: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's members with their roles and points (owners and admins) */
        get: {
            parameters: {
                query?: {
                    keyword?: string;
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: {
                                    email: string | null;
                                    joinedAt: number;
                                    phone: string | null;
                                    points: number;
                                    /** @enum {string} */
                                    role: "owner" | "admin" | "operator" | "member";
                                    userId: string;
                                    userName: string;
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a member from the tenant (the account moves to the default tenant; its points stay) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members/{userId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a member's role (only roles below the caller's; owners: admin, operator, member) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "admin" | "operator" | "member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The owner hands the ownership to another member (and becomes an admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                ok: true;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The enterprise points pool: balance and its ledger (enterprise tenants' owners and admins) */
        get: {
            parameters: {
                query?: {
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                balance: number;
                                list: {
                                    actorId: string;
                                    balanceAfter: number;
                                    createdAt: number;
                                    delta: number;
                                    id: string;
                                    note: string | null;
                                    reason: string;
                                    userId: string | null;
                                }[];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/points/allocate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Moves points from the enterprise pool to a member's balance (ledger rows on both sides) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        note: string;
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                                pool: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/points/reclaim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes unused points from a member's balance back to the pool (never more than they hold) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        note: string;
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                id: string;
                                pool: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's own settings (owners and admins) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                hiddenRoutes: string[];
                                hideCoins: boolean;
                                hideFloating: boolean;
                                hideInvite: boolean;
                                logo: string | null;
                                menuSet: string;
                                name: string;
                                tenantId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes the tenant name, logo (an own upload) and the flags a tenant may set itself */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        hiddenRoutes?: string[];
                        hideCoins?: boolean;
                        hideFloating?: boolean;
                        hideInvite?: boolean;
                        logo?: string | null;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                hiddenRoutes: string[];
                                hideCoins: boolean;
                                hideFloating: boolean;
                                hideInvite: boolean;
                                logo: string | null;
                                menuSet: string;
                                name: string;
                                tenantId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Templates the caller sees (own, tenant, public), latest first, by tool and scope */
        get: {
            parameters: {
                query?: {
                    bizType?: "MANNEQUIN_IMAGE" | "MODEL_IMAGE_NEW" | "WIG_IMAGE" | "SHOES_IMAGE" | "PRODUCT_IMAGE" | "PRODUCT_REPLACE_IMAGE" | "MATTING_IMAGE" | "CUSTOMIZED_MODEL" | "PET_IMAGE_CUSTOMIZED" | "QR_CODE_ART" | "IMG_2_VEDIO" | "TRY_ON";
                    pageNum?: number;
                    pageSize?: number;
                    scope?: "own" | "tenant" | "public";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["ToolTemplate"][];
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Saves a template of a generation tool; scope tenant or public (publishing) is for operators */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        bizType: "MANNEQUIN_IMAGE" | "MODEL_IMAGE_NEW" | "WIG_IMAGE" | "SHOES_IMAGE" | "PRODUCT_IMAGE" | "PRODUCT_REPLACE_IMAGE" | "MATTING_IMAGE" | "CUSTOMIZED_MODEL" | "PET_IMAGE_CUSTOMIZED" | "QR_CODE_ART" | "IMG_2_VEDIO" | "TRY_ON";
                        name: string;
                        params: {
                            [key: string]: unknown;
                        };
                        preview?: string | null;
                        /**
                         * @default own
                         * @enum {string}
                         */
                        scope?: "own" | "tenant" | "public";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ToolTemplate"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates/{templateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One template */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    templateId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ToolTemplate"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Edits a template (its owner, or an operator of its tenant) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    templateId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        params: {
                            [key: string]: unknown;
                        };
                        preview?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ToolTemplate"];
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a template (its owner, or an operator of its tenant) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    templateId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shell's feature flags: tenant (the logged-in user's own wins) + referrer + global flags + the user's gates */
        get: {
            parameters: {
                query?: {
                    channel?: string;
                    host?: string;
                    lang?: string;
                    referrer?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                adviserContact: string | null;
                                adviserName: string | null;
                                allowedMenuPaths: string[] | null;
                                allowedOrigins: string[];
                                chatAllow: boolean;
                                customizedImage: boolean;
                                helpLink: string | null;
                                hiddenRoutes: string[];
                                hideCoins: boolean;
                                hideFloating: boolean;
                                hideHeader: boolean;
                                hideInvite: boolean;
                                hideSidebar: boolean;
                                hideTools: boolean;
                                isChatAllow: boolean;
                                loggedIn: boolean;
                                logo: string | null;
                                /** @enum {string} */
                                menuSet: "default" | "enterprise" | "natural" | "travel";
                                profileCompletion: boolean;
                                referrer: string | null;
                                requireInviteCode: boolean;
                                supportPhone: string | null;
                                tenantId: string;
                                tenantName: string;
                                uploadMinKB: number | null;
                                uploadMinSide: number | null;
                                vipUser: boolean;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/theme-topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a topic in a theme */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        description?: string;
                        name: string;
                        themeId: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                topicId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/theme-topics/{topicId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One topic */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    topicId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["ThemeTopic"];
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a topic */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    topicId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        description?: string;
                        name: string;
                        themeId: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a topic */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    topicId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/themes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Themes with their topics and task counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["Theme"][];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Creates a theme */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        description?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                themeId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/themes/{themeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One theme */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    themeId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                createdAt: number;
                                description: string;
                                name: string;
                                themeId: string;
                                updatedAt: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        /** Changes a theme */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    themeId: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        description?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Deletes a theme and its topics */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    themeId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads one image (png, jpeg, webp or gif by content, at most 20MB) as multipart field "file"; answers [url] */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: string[];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The regions beside the main subject of one of the caller’s pictures that a cutout keeps or leaves out (free; choices for a task’s `keep` and `drop`) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                regions: {
                                    box: (number)[];
                                    kept: boolean;
                                    point: (number)[];
                                    share: number;
                                    thumbnail: string;
                                }[];
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks that a URL is one of the caller's pictures a task takes as input; answers it freshly signed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                url: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user, benefit package and feature flags */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["CurrentUser"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's webhooks */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["Webhook"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Registers a public https endpoint for events of tasks created with your API keys; answers its signing secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        events: ("task.completed" | "task.failed" | "task.stopped" | "batch.completed")[];
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                secret: string;
                                webhookId: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a webhook */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's latest 100 deliveries with their attempts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["WebhookDelivery"][];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a delivery again now (same event id and body, a fresh signature) and answers its new state */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["WebhookDelivery"];
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{webhookId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Gives the webhook a new signing secret (answered this once); later deliveries use it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                secret: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/backgrounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background-reproduction list (spec 001 §3): pageNum, pageSize (16), bizType, taskType (the mode), optional startDate/endDate (ms, end exclusive) */
        get: {
            parameters: {
                query?: {
                    bizType?: "PRODUCT_REPLACE_IMAGE";
                    endDate?: number;
                    pageNum?: number;
                    pageSize?: number;
                    startDate?: number;
                    taskType?: "ACCURATE_REPLICATION" | "STYLE_IMITATION";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["TaskView"][];
                                pageNum: number;
                                pageSize: number;
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/contents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hot-content list of one tab (spec 001 §3): pageNum, pageSize, hotspotSourceType; newest first */
        get: {
            parameters: {
                query: {
                    hotspotSourceType: "THEME_ARTICLE_GEN" | "HOT_ARTICLE_REWRITE" | "BACKGROUND_REPRODUCE" | "PLACARD_GEN";
                    pageNum?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                list: components["schemas"]["WorkbenchRecord"][];
                                pageNum: number;
                                pageSize: number;
                                total: number;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Default form values by hotspotSourceType (spec 001 §7): the last post-generation record, else product / empty */
        get: {
            parameters: {
                query: {
                    hotspotSourceType: "PUBLIC" | "PERSONAL" | "CALENDAR" | "HOT_ARTICLE_REWRITE" | "CUSTOM_INSPIRATION" | "HOT_PIC_REWRITE" | "HOT_VIDEO_REWRITE" | "VIDEO_SCRIPT" | "HOTSPOT_MARKETING" | "CREATIVE_IDEA_GENERATE" | "CONTENT_GENERATE" | "BACKGROUND_REPRODUCE" | "THEME_ARTICLE_GEN" | "PLACARD_GEN";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: components["schemas"]["WorkbenchDefaults"];
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/posters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Poster list by cursor (spec 001 §3): cursor_id, updated_at_start, updated_at_end (ms; the page moves the end one day later), content_type; answers cds_asset_infos and the next cursor_id ("" at the end) */
        get: {
            parameters: {
                query?: {
                    content_type?: "image";
                    cursor_id?: string;
                    page_size?: number;
                    updated_at_end?: number;
                    updated_at_start?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            data: {
                                cds_asset_infos: {
                                    asset_id: string;
                                    task_id: string;
                                    title: string;
                                    updated_at: number;
                                    url: string;
                                }[];
                                cursor_id: string;
                            };
                            msg: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post-generation record (spec 001 §7): hotspotSourceType, prompt, mktType, marketDesc */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        hotspotSourceType: "PUBLIC" | "PERSONAL" | "CALENDAR" | "HOT_ARTICLE_REWRITE" | "CUSTOM_INSPIRATION" | "HOT_PIC_REWRITE" | "HOT_VIDEO_REWRITE" | "VIDEO_SCRIPT" | "HOTSPOT_MARKETING" | "CREATIVE_IDEA_GENERATE" | "CONTENT_GENERATE" | "BACKGROUND_REPRODUCE" | "THEME_ARTICLE_GEN" | "PLACARD_GEN";
                        /** @default  */
                        marketDesc?: string;
                        /**
                         * @default product
                         * @enum {string}
                         */
                        mktType?: "product" | "brand";
                        /** @default  */
                        prompt?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: number;
                            /** @enum {string|null} */
                            data: null;
                            msg: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AgentConversation: {
            conversationId: string;
            createdAt: number;
            title: string;
            updatedAt: number;
        };
        AgentMessage: {
            compliance: components["schemas"]["Compliance"];
            content: string;
            cost: number;
            createdAt: number;
            error: string | null;
            messageId: string;
            /** @enum {string} */
            role: "user" | "assistant";
            /** @enum {string} */
            status: "streaming" | "done" | "stopped" | "failed";
            tools: components["schemas"]["AgentToolCall"][];
        };
        AgentStatus: {
            answerCost: number;
            chatEngine: boolean;
        };
        AgentToolCall: {
            args: {
                [key: string]: unknown;
            };
            items: {
                detail: string;
                title: string;
                url: string;
            }[];
            name: string;
            ok: boolean;
            summary: string;
        };
        AiPhotoCostDay: {
            bizType: string;
            cost: {
                [key: string]: number;
            };
            costCny: number;
            day: string;
            failures: number;
            loss: boolean;
            points: number;
            pointsCny: number;
            tasks: number;
        };
        AiPhotoPanel: {
            alerts: {
                error: string | null;
                openedAt: number;
                /** @enum {string} */
                provider: "fashn" | "dashscope" | "fal";
            }[];
            effective: {
                bizType: string;
                model: string;
                plan: {
                    model: string;
                    /** @enum {string} */
                    provider: "fashn" | "dashscope" | "fal";
                    trialOnly: boolean;
                }[];
                /** @enum {string} */
                provider: "fashn" | "dashscope" | "fal";
            }[];
            prices: {
                [key: string]: number;
            };
            providers: {
                /** @enum {string} */
                circuit: "closed" | "open" | "half-open";
                circuitFailures: number;
                completed24h: number;
                configured: boolean;
                cost24h: {
                    published?: number;
                    reported?: number;
                    route?: number;
                };
                /** @enum {string} */
                currency: "credits" | "CNY" | "USD";
                failed24h: number;
                keyName: string;
                keySet: boolean;
                lastCircuitError: string | null;
                lastErrors: {
                    at: number;
                    bizType: string;
                    error: string | null;
                    message: string | null;
                    taskId: string;
                }[];
                lastSuccessAt: number | null;
                models: {
                    model: string;
                    trialOnly: boolean;
                }[];
                openedAt: number | null;
                /** @enum {string} */
                provider: "fashn" | "dashscope" | "fal";
                running: number;
                serves: {
                    [key: string]: string;
                };
                stats: {
                    bizType: string;
                    cost: number;
                    failures: number;
                    handedOver: number;
                    p50Ms: number | null;
                    p95Ms: number | null;
                    tasks: number;
                }[];
                unpriced24h: number;
            }[];
            routes: components["schemas"]["AiPhotoRoute"][];
            warnings: {
                /** @enum {string|null} */
                alternative: "fashn" | "dashscope" | "fal" | null;
                bizType: string;
                model: string;
                /** @enum {string} */
                provider: "fashn" | "dashscope" | "fal";
            }[];
        };
        AiPhotoRoute: {
            bizType: string;
            model: string;
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            provider: "fashn" | "dashscope" | "fal";
            providers: components["schemas"]["AiPhotoRouteStep"][];
            unitCost: number | null;
            updatedAt: number;
        };
        AiPhotoRouteStep: {
            model: string;
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            provider: "fashn" | "dashscope" | "fal";
            unitCost: number | null;
        };
        AiPhotoRun: {
            fidelity: ({
                mean: number;
                p95: number;
            } | null)[];
            garmentLocked: boolean;
            lockNote: string | null;
            model: string;
            originals: (string | null)[];
            /** @enum {string} */
            provider: "fashn" | "dashscope" | "fal";
            taskId: string;
        };
        ApiKey: {
            bizTypes: string[] | null;
            createdAt: number;
            keyId: string;
            lastUsedAt: number | null;
            lastUsedIp: string | null;
            name: string;
            prefix: string;
            scopes: ("generate" | "read")[];
            team: boolean;
        };
        ApiKeyUsageDay: {
            day: string;
            failed: number;
            keyId: string;
            name: string;
            points: number;
            tasks: number;
        };
        BatchItemChoices: {
            drop?: (number)[][];
            keep?: (number)[][];
        };
        BatchItemChoicesInput: {
            drop?: (number)[][];
            keep?: (number)[][];
        };
        BatchPreset: {
            /** @enum {string} */
            format: "jpeg" | "png" | "webp";
            height: number;
            label: string;
            maxBytes: number;
            name: string;
            rules: components["schemas"]["BatchPresetRules"];
            source: string;
            width: number;
        };
        BatchPresetRules: {
            /** @default false */
            contactShadow: boolean;
            margin: number;
            minFill: number;
            /** @default false */
            noBorder: boolean;
            /** @default false */
            noText: boolean;
            /** @default false */
            oneProduct: boolean;
            whiteBackground: boolean;
        };
        BatchPresetRulesInput: {
            /** @default false */
            contactShadow: boolean;
            margin: number;
            minFill: number;
            /** @default false */
            noBorder: boolean;
            /** @default false */
            noText: boolean;
            /** @default false */
            oneProduct: boolean;
            whiteBackground: boolean;
        };
        BatchSummary: {
            batchId: string;
            bizType: string;
            cost: number;
            createdAt: number;
            items: number;
            preset: string | null;
            /** @enum {string} */
            status: "running" | "completed" | "stopped" | "partial";
        };
        BatchView: {
            batchId: string;
            bizType: string;
            cost: number;
            counts: {
                completed: number;
                failed: number;
                generating: number;
                pending: number;
                queued: number;
                stopped: number;
            };
            createdAt: number;
            items: {
                checks: {
                    detail: string;
                    ok: boolean;
                    /** @enum {string} */
                    rule: "size" | "format" | "bytes" | "background" | "fill" | "edge" | "text" | "border" | "objects";
                }[];
                choices: components["schemas"]["BatchItemChoices"];
                fixed: string | null;
                fixes: ("reframe" | "repad" | "reencode" | "whiten" | "unframe")[];
                input: string[];
                itemId: string;
                outputs: string[];
                progress: number;
                regions: {
                    box: (number)[];
                    kept: boolean;
                    point: (number)[];
                    share: number;
                }[] | null;
                sourceName: string;
                /** @enum {string} */
                status: "queued" | "pending" | "generating" | "completed" | "failed" | "stopped";
                taskId: string;
            }[];
            params: {
                [key: string]: unknown;
            };
            preset: string | null;
            progress: number;
            refunded: number;
            /** @enum {string} */
            status: "running" | "completed" | "stopped" | "partial";
        };
        BenefitPackage: {
            endTime: number | null;
            product: {
                /** @enum {string} */
                productType: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise";
            };
            remainBeanCount: number;
        };
        CalendarDay: {
            day: string;
            entries: {
                desc?: string;
                /** @enum {string} */
                holiday?: "off" | "work";
                name: string;
                /** @enum {string} */
                type: "festival" | "solar_term" | "platform_node";
            }[];
        };
        Compliance: {
            hits: components["schemas"]["ComplianceHit"][];
            /** @enum {string} */
            level: "ok" | "warn" | "block";
        };
        ComplianceHit: {
            end: number;
            /** @enum {string} */
            level: "warn" | "block";
            reason: string;
            /** @enum {string} */
            rule: "absolute" | "price" | "urgency" | "medical" | "efficacy" | "endorsement" | "diversion" | "link" | "contact" | "tenantWord" | "personaWord";
            start: number;
            suggestion?: string;
            text: string;
        };
        ComplianceWord: {
            createdAt: number;
            enabled: boolean;
            id: number;
            /** @enum {string} */
            level: "warn" | "block";
            suggestion: string;
            word: string;
        };
        ContentStatistics: {
            days: {
                day: string;
                dislikes: number;
                generated: number;
                likes: number;
            }[];
            platforms: {
                [key: string]: number;
            };
        };
        ContentTask: {
            contentId: string;
            createdAt: number;
            /** @enum {string} */
            engine: "openai-chat" | "offline-writer";
            /** @enum {string} */
            generation: "pending" | "generating" | "re_generating" | "continue_generating" | "completed" | "failed";
            idea: {
                content: string;
                title: string;
            } | null;
            items: {
                compliance: components["schemas"]["Compliance"];
                cost: number;
                edited: boolean;
                error: string | null;
                genImages: {
                    id: string;
                    status: string;
                    type: string;
                    url: string;
                }[];
                /** @enum {string|null} */
                genMode: "re_generating" | "continue_generating" | null;
                /** @enum {string|null} */
                like: "like" | "dislike" | null;
                likeReason: string | null;
                limits: {
                    content: number;
                    title: number;
                } | null;
                /** @enum {string} */
                platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
                socialMediaMarketingContent: string;
                socialMediaMarketingTitle: string;
                /** @enum {string} */
                status: "loading" | "success" | "fail" | "stop";
                streamedText: string | null;
                tabooHits: string[];
                taskId: string | null;
                textId: number;
            }[];
            productInfo: string;
            reportId: string | null;
            /** @enum {string} */
            socialMediaType: "imageText" | "video" | "text";
            sources: {
                collectionId: string;
                datasetId: string;
                score: number;
                snippet?: {
                    match: boolean;
                    text: string;
                }[];
                sourceName: string;
                text: string;
            }[];
        };
        CurrentUser: {
            benefitPackage: components["schemas"]["BenefitPackage"];
            chatAllow: boolean;
            hotspotTrial: boolean;
            premiumVipUser: boolean;
            professionalOrFlagship: boolean;
            recommended: boolean;
            user: components["schemas"]["UserInfo"];
            vipUser: boolean;
        };
        EnterpriseContract: {
            endAt: number;
            id: string;
            startAt: number;
        };
        FeedbackItem: {
            attachments: {
                url: string;
            }[];
            content: string;
            createdAt: number;
            id: string;
            title: string;
            userId: string;
        };
        Goods: {
            createdAt: number;
            goodsId: string;
            images: string[];
            intro: string;
            name: string;
            price: string;
            productInfo: string;
            sellingPoints: string[];
            updatedAt: number;
        };
        Health: {
            /** @enum {string} */
            db: "postgres" | "sqlite";
            /** @enum {string} */
            queue: "bullmq" | "in-process";
            /** @enum {string} */
            status: "ok";
            /** @enum {string} */
            storage: "local" | "s3";
        };
        HotItem: {
            content: string;
            createdAt: number;
            hot: string;
            itemId: string;
            noteId: string | null;
            platform: string;
            /** @enum {string} */
            source: "hotspot" | "note" | "manual";
            title: string;
            url: string;
        };
        Hotspot: {
            desc: string | null;
            hot: string | null;
            id: string;
            platform: string;
            /** @enum {string} */
            source: "feed" | "import";
            title: string;
            url: string | null;
        };
        HotspotMatches: {
            feedError: string | null;
            list: {
                fit: number;
                hotspot: components["schemas"]["Hotspot"];
                productName: string | null;
            }[];
            personas: number;
            products: number;
            selected: {
                hotspot: components["schemas"]["Hotspot"];
                matches: {
                    angles: {
                        /** @enum {string} */
                        kind: "borrow" | "scene" | "question" | "audience";
                        params: {
                            [key: string]: string;
                        };
                    }[];
                    fit: number;
                    goodsId: string;
                    productInfo: string;
                    productName: string;
                    sharedWords: string[];
                }[];
                personaName: string | null;
            } | null;
        };
        HotspotPage: {
            feedError: string | null;
            list: components["schemas"]["Hotspot"][];
            total: number;
            updateTime: number | null;
        };
        HotspotPublishers: {
            days: string[];
            feedNamesAccounts: boolean;
            list: {
                appearances: number;
                author: string;
                bestRank: number;
                daysOnList: number;
                hot: string | null;
                lastDay: string;
                title: string;
                trend: number[];
            }[];
        };
        HotspotTopics: {
            feedError: string | null;
            list: {
                items: components["schemas"]["Hotspot"][];
                topic: string | null;
            }[];
        };
        HotspotWords: {
            feedError: string | null;
            list: {
                count: number;
                weight: number;
                word: string;
            }[];
        };
        HouseLook: {
            customScene: string;
            /** @enum {string|null} */
            expression: "natural" | "smile" | "laugh" | "confident" | "calm" | "serious" | null;
            model: {
                modelId: string;
                name: string;
                pictureUrl: string;
            } | null;
            sceneId: string | null;
            updatedAt: number;
        };
        IdeaReport: {
            association: string | null;
            cost: number;
            createdAt: number;
            /** @enum {string} */
            engine: "openai-chat" | "offline-writer";
            error: string | null;
            /** @enum {string} */
            hotspotSourceType: "PUBLIC" | "PERSONAL" | "CALENDAR" | "HOT_ARTICLE_REWRITE" | "CUSTOM_INSPIRATION" | "HOT_PIC_REWRITE" | "HOT_VIDEO_REWRITE" | "VIDEO_SCRIPT" | "HOTSPOT_MARKETING" | "CREATIVE_IDEA_GENERATE" | "CONTENT_GENERATE" | "BACKGROUND_REPRODUCE" | "THEME_ARTICLE_GEN" | "PLACARD_GEN";
            ideas: {
                compliance: components["schemas"]["Compliance"];
                content: string;
                genDataItemId: number;
                genPicStatus: string;
                picTaskId: string | null;
                picUrl: string | null;
                /** @enum {string} */
                socialType: "image" | "video" | "offline";
                title: string;
            }[];
            /** @enum {string} */
            process: "generating" | "completed" | "failed";
            reportId: string;
            reportParams: {
                /** @enum {string} */
                ideaStyle: "整活幽默" | "专业严谨" | "生动活泼" | "脑洞大开" | "阳光励志" | "情感共鸣" | "生活日常";
                marketDesc: string;
                /** @enum {string} */
                mktType: "product" | "brand";
                prompt: string;
            };
            risk: string | null;
            socialType: ("image" | "video" | "offline")[];
            sources: {
                collectionId: string;
                datasetId: string;
                score: number;
                snippet?: {
                    match: boolean;
                    text: string;
                }[];
                sourceName: string;
                text: string;
            }[];
            /** @enum {string} */
            stage: "created" | "summary" | "advice_online" | "advice_online_video" | "advice_offline" | "association" | "risk" | "completed";
            state: number;
            streamedText: string | null;
            summary: string | null;
            taskId: string | null;
            title: string;
            tokens: number | null;
        };
        IdeaReportPage: {
            list: {
                createdAt: number;
                /** @enum {string} */
                engine: "openai-chat" | "offline-writer";
                /** @enum {string} */
                process: "generating" | "completed" | "failed";
                reportId: string;
                /** @enum {string} */
                stage: "created" | "summary" | "advice_online" | "advice_online_video" | "advice_offline" | "association" | "risk" | "completed";
                title: string;
            }[];
            total: number;
        };
        InboxMessage: {
            msgBrief: string;
            msgContent: string;
            /** @enum {string} */
            msgContentType: "text" | "html" | "link";
            msgId: string;
            msgImg: string | null;
            msgSendTime: number;
            msgTitle: string;
            readed: boolean;
        };
        InsightAnalysis: {
            analysisId: string;
            complaints: {
                label: string;
                quotes: {
                    index: number;
                    text: string;
                }[];
                /** @enum {string|null} */
                sentiment: "positive" | "neutral" | "negative" | null;
            }[];
            createdAt: number;
            entries: {
                index: number;
                /** @enum {string|null} */
                sentiment: "positive" | "neutral" | "negative" | null;
                text: string;
            }[];
            entryCount: number;
            /** @enum {string} */
            kind: "product" | "comment";
            model: string;
            sellingPoints: {
                label: string;
                quotes: {
                    index: number;
                    text: string;
                }[];
                /** @enum {string|null} */
                sentiment: "positive" | "neutral" | "negative" | null;
            }[];
            sentiment: {
                negative: number;
                neutral: number;
                positive: number;
                unclassified: number;
            };
            summary: string;
            themes: {
                label: string;
                quotes: {
                    index: number;
                    text: string;
                }[];
                /** @enum {string|null} */
                sentiment: "positive" | "neutral" | "negative" | null;
            }[];
            title: string;
        };
        InsightAnalysisSummary: {
            analysisId: string;
            createdAt: number;
            entryCount: number;
            model: string;
            title: string;
        };
        KnowledgeDataset: {
            chunks: number;
            collections: number;
            createdAt: number;
            datasetId: string;
            folderId: string | null;
            intro: string;
            name: string;
            updatedAt: number;
        };
        KosAccount: {
            accountId: string;
            displayName: string;
            handle: string;
            notes: string;
            ownerName: string | null;
            ownerUserId: string | null;
            personaId: string | null;
            personaName: string | null;
            /** @enum {string} */
            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
            updatedAt: number;
        };
        KosImportResult: {
            imported: number;
            newPosts: number;
            problems: {
                reason: string;
                row: number;
            }[];
        };
        KosPersona: {
            accountCount: number;
            audience: string;
            intro: string;
            name: string;
            personaId: string;
            tabooWords: string[];
            tone: string;
            updatedAt: number;
        };
        KosTopic: {
            accountId: string;
            brief: string;
            handle: string;
            planDay: string;
            /** @enum {string} */
            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
            /** @enum {string} */
            status: "planned" | "writing" | "published" | "dropped";
            title: string;
            topicId: string;
            updatedAt: number;
        };
        KosTrackedAccount: {
            comments: number;
            handle: string;
            latestDay: string;
            likes: number;
            /** @enum {string} */
            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
            posts: number;
            shares: number;
            views: number;
        };
        KosTrackedDetail: {
            days: {
                comments: number;
                day: string;
                likes: number;
                shares: number;
                views: number;
            }[];
            handle: string;
            /** @enum {string} */
            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
            posts: {
                comments: number;
                latestDay: string;
                likes: number;
                postId: string;
                publishedDay: string;
                shares: number;
                title: string;
                url: string;
                views: number;
            }[];
        };
        Lead: {
            address: string;
            companyName: string;
            createdAt: number;
            description: string;
            email: string;
            id: string;
            name: string;
            phone: string;
            referrer: string | null;
            type: string;
            userId: string | null;
            webSource: string;
        };
        LedgerEntry: {
            balanceAfter: number;
            count: number;
            createdAt: number;
            delta: number;
            id: number;
            note: string | null;
            /** @enum {string} */
            reason: "grant" | "monthly_grant" | "topup" | "spend" | "refund" | "invite_reward" | "expiry" | "admin_adjust";
            refId: string;
            refType: string;
            tool: string | null;
        };
        LedgerPage: {
            list: components["schemas"]["LedgerEntry"][];
            total: number;
        };
        LibraryBuild: {
            buildId: string;
            cost: number;
            createdAt: number;
            currency: string;
            error: string | null;
            failed: number;
            finishedAt: number | null;
            made: number;
            model: string;
            provider: string;
            /** @enum {string} */
            status: "running" | "done" | "failed";
            total: number;
        };
        LibraryModel: {
            consent: string;
            createdAt: number;
            editable: boolean;
            generatedBy: string | null;
            licence: string;
            look: string;
            modelId: string;
            name: string;
            pictureUrl: string;
            /** @enum {string} */
            scope: "own" | "tenant" | "public";
            tags: string[];
        };
        MembershipProducts: {
            current: {
                balance: number;
                endTime: number | null;
                /** @enum {string} */
                tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise";
            } | null;
            enterprise: components["schemas"]["Product"] | null;
            packages: components["schemas"]["Product"][];
            quotes: components["schemas"]["ProductQuote"][];
            /** @enum {string} */
            reading: "tiers" | "desktop";
            service: {
                phone: string | null;
                qrCode: string | null;
                url: string | null;
            };
            tiers: {
                benefits: components["schemas"]["TierBenefits"];
                monthlyPoints: number;
                /** @enum {string} */
                tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise";
            }[];
            topups: components["schemas"]["Product"][];
        };
        Note: {
            content: string;
            createdAt: number;
            images: string[];
            isFavorite: boolean;
            isPublic: boolean;
            metrics: {
                collects: number;
                comments: number;
                likes: number;
                shares: number;
            };
            mine: boolean;
            noteId: string;
            platform: string;
            sourceUrl: string;
            tags: string[];
            title: string;
            updatedAt: number;
        };
        OperatorOrder: {
            amount: number;
            closedAt: number | null;
            createdAt: number;
            credit: number;
            expiresAt: number;
            listPrice: number;
            name: string;
            orderNo: string;
            paidAt: number | null;
            payUrl: string | null;
            /** @enum {string|null} */
            period: "monthly" | "annual" | null;
            points: number;
            productId: string;
            /** @enum {string} */
            productKind: "package" | "topup" | "enterprise";
            provider: string;
            qrCode?: string;
            refundedAt: number | null;
            status: 0 | 1 | 2 | 3 | 4 | 5 | 6;
            /** @enum {string} */
            statusName: "pendingPayment" | "processing" | "success" | "failed" | "closed" | "refunded" | "revoked" | "paymentTimeout";
            /** @enum {string|null} */
            tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise" | null;
            userId: string;
        };
        Order: {
            amount: number;
            closedAt: number | null;
            createdAt: number;
            credit: number;
            expiresAt: number;
            listPrice: number;
            name: string;
            orderNo: string;
            paidAt: number | null;
            payUrl: string | null;
            /** @enum {string|null} */
            period: "monthly" | "annual" | null;
            points: number;
            productId: string;
            /** @enum {string} */
            productKind: "package" | "topup" | "enterprise";
            provider: string;
            qrCode?: string;
            refundedAt: number | null;
            status: 0 | 1 | 2 | 3 | 4 | 5 | 6;
            /** @enum {string} */
            statusName: "pendingPayment" | "processing" | "success" | "failed" | "closed" | "refunded" | "revoked" | "paymentTimeout";
            /** @enum {string|null} */
            tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise" | null;
        };
        OrderPage: {
            list: components["schemas"]["Order"][];
            total: number;
        };
        OutboxMessage: {
            /** @enum {string} */
            channel: "sms" | "mail" | "captcha";
            code: string;
            sentAt: number;
            text: string;
            to: string;
        };
        Product: {
            active: boolean;
            id: string;
            /** @enum {string} */
            kind: "package" | "topup" | "enterprise";
            name: string;
            nameEn: string;
            nameZh: string;
            /** @enum {string|null} */
            period: "monthly" | "annual" | null;
            points: number;
            price: number;
            sort: number;
            /** @enum {string|null} */
            tier: "free" | "basic" | "professional" | "premium" | "flagship" | "enterprise" | null;
            validityDays: number | null;
        };
        ProductionTask: {
            contentIds: string[];
            createdAt: number;
            description: string;
            dueDate: string;
            noteIds: string[];
            owner: string;
            platforms: string[];
            /** @enum {string} */
            status: "NEW" | "RUNNING" | "SUCCESS" | "TIMEOUT";
            taskId: string;
            themeId: string | null;
            title: string;
            topicId: string | null;
            updatedAt: number;
        };
        ProductQuote: {
            amount: number;
            /** @enum {string|null} */
            blockedBy: "downgradeNotAllowed" | "upgradeCreditTooHigh" | null;
            credit: number;
            productId: string;
        };
        ProofOfWorkChallenge: {
            algorithm: string;
            challenge: string;
            maxnumber?: number;
            salt: string;
            signature: string;
        };
        PublishingPlan: {
            list: components["schemas"]["PublishingPost"][];
        };
        PublishingPost: {
            content: string;
            contentId: string | null;
            day: string;
            images: string[];
            /** @enum {string} */
            platform: "douyin" | "xiaohongshu" | "weibo" | "wechat";
            postId: number;
            remindAt: number | null;
            reminded: boolean;
            /** @enum {string} */
            status: "planned" | "ready" | "published" | "skipped";
            tags: string[];
            time: string;
            title: string;
            updatedAt: number;
        };
        Readiness: {
            checks: {
                db: boolean;
                draining: boolean;
                queue: boolean;
                storage: boolean;
            };
            ready: boolean;
        };
        Recommendations: {
            feedError: string | null;
            list: {
                angle: {
                    /** @enum {string} */
                    kind: "borrow" | "scene" | "question" | "audience";
                    params: {
                        [key: string]: string;
                    };
                } | null;
                calendarDay: string | null;
                daysUntil: number | null;
                goodsId: string | null;
                hot: string | null;
                hotspotId: string | null;
                key: string;
                /** @enum {string} */
                kind: "hotspot" | "calendar";
                personaName: string | null;
                platform: string | null;
                productInfo: string | null;
                productName: string | null;
                score: number;
                sharedWords: string[];
                title: string;
            }[];
            personas: number;
            products: number;
            today: string;
        };
        ReviewItem: {
            accountId: string | null;
            accountLabel: string | null;
            actions: ("submit" | "withdraw" | "approve" | "reject" | "publish")[];
            authorId: string;
            authorName: string;
            body: string;
            createdAt: number;
            decidedAt: number | null;
            editable: boolean;
            itemId: string;
            /** @enum {string} */
            kind: "idea" | "content";
            /** @enum {string} */
            status: "draft" | "in_review" | "approved" | "rejected" | "published";
            submittedAt: number | null;
            title: string;
            updatedAt: number;
        };
        ReviewItemDetail: {
            accountId: string | null;
            accountLabel: string | null;
            actions: ("submit" | "withdraw" | "approve" | "reject" | "publish")[];
            authorId: string;
            authorName: string;
            body: string;
            comments: {
                /** @enum {string|null} */
                action: "submit" | "withdraw" | "approve" | "reject" | "publish" | null;
                authorId: string;
                authorName: string;
                body: string;
                commentId: string;
                createdAt: number;
                /** @enum {string|null} */
                fromStatus: "draft" | "in_review" | "approved" | "rejected" | "published" | null;
                /** @enum {string|null} */
                toStatus: "draft" | "in_review" | "approved" | "rejected" | "published" | null;
            }[];
            createdAt: number;
            decidedAt: number | null;
            editable: boolean;
            itemId: string;
            /** @enum {string} */
            kind: "idea" | "content";
            /** @enum {string} */
            status: "draft" | "in_review" | "approved" | "rejected" | "published";
            submittedAt: number | null;
            title: string;
            updatedAt: number;
        };
        RewriteBatch: {
            batchId: string;
            createdAt: number;
            input: {
                article?: string;
                durationSeconds?: number;
                images?: string[];
                inputs?: string[];
                inputType?: number;
                lang?: string;
                marketDesc?: string;
                picDesc?: string;
                platform?: string;
                productImg?: string;
                productInfo?: string;
                ratio?: string;
                res?: string;
                shots?: {
                    desc?: string;
                    end: number;
                    frame: string | null;
                    start: number;
                }[];
                style?: string;
                summary?: string;
                title?: string;
                topic?: string;
                topicDesc?: string;
                transcript?: string;
                video?: string;
                withProduct?: boolean;
                xhsUrl?: string;
            };
            items: components["schemas"]["RewriteItem"][];
            kind: string;
            /** @enum {string} */
            state: "running" | "done";
        };
        RewriteItem: {
            compliance: components["schemas"]["Compliance"];
            content: string;
            data: {
                content?: string;
                shots?: {
                    duration: number;
                    line: string;
                    picture: string;
                    shot: number;
                }[];
                title?: string;
            } | null;
            dislikeReason: string | null;
            engine: string;
            error: string | null;
            itemId: string;
            liked: boolean | null;
            pictures: string[];
            /** @enum {string} */
            status: "pending" | "generating" | "completed" | "failed" | "stopped";
            taskId: string;
            text: string;
            title: string;
        };
        RewriteVideo: {
            durationSeconds: number;
            shots: {
                desc?: string;
                end: number;
                frame: string | null;
                start: number;
            }[];
            video: string;
        };
        SendCodeResult: {
            code: 0 | 1;
            errMsg?: string;
        };
        SentMessage: {
            broadcast: boolean;
            msgBrief: string;
            /** @enum {string} */
            msgContentType: "text" | "html" | "link";
            msgId: string;
            msgSendTime: number;
            msgTitle: string;
            sentBy: string | null;
            userId: string | null;
        };
        ServiceContact: {
            phone: string | null;
            url: string | null;
        };
        TaskView: {
            attempts?: {
                model: string;
                ms: number;
                /** @enum {string} */
                outcome: "ok" | "failed" | "refused" | "stopped";
                /** @enum {string} */
                provider: "fashn" | "dashscope" | "fal";
            }[];
            bizType: string;
            cost: number;
            createdAt: number;
            data: unknown;
            error: string | null;
            inputs: string[];
            /** @enum {string} */
            output: "file" | "text";
            outputs: {
                /** @enum {string} */
                type: "image" | "video";
                url: string;
            }[];
            params: {
                [key: string]: unknown;
            };
            progress: number;
            /** @enum {string} */
            status: "pending" | "generating" | "completed" | "failed" | "stopped";
            taskId: string;
            text: string | null;
            updatedAt: number;
        };
        TeamApiKey: {
            bizTypes: string[] | null;
            createdAt: number;
            createdBy: string;
            keyId: string;
            lastUsedAt: number | null;
            lastUsedIp: string | null;
            name: string;
            prefix: string;
            scopes: ("generate" | "read")[];
            team: boolean;
        };
        TextEngineState: {
            /** @enum {string} */
            active: "openai-chat" | "offline-writer";
            chat: {
                configured: boolean;
                /** @enum {string} */
                health: "ok" | "unauthorized" | "unreachable" | "error" | "notConfigured";
                model: string | null;
                ms: number | null;
                server: string | null;
                status: number | null;
            };
            /** @enum {string} */
            choice: "auto" | "offline-writer";
            offlineWriter: {
                /** @enum {boolean} */
                available: true;
            };
        };
        Theme: {
            createdAt: number;
            description: string;
            name: string;
            tasks: number;
            themeId: string;
            topics: components["schemas"]["ThemeTopic"][];
            updatedAt: number;
        };
        ThemeTopic: {
            createdAt: number;
            description: string;
            name: string;
            themeId: string;
            topicId: string;
            updatedAt: number;
        };
        TierBenefits: {
            apiAccess: boolean;
            batch: boolean;
            customColors: boolean;
            dedicatedService: boolean;
            /** @enum {string} */
            download: "1080p" | "2k";
            exclusiveModels: boolean;
            fixedScenes: boolean;
            historyDays: number;
            /** @enum {string} */
            speed: "normal" | "fast" | "dedicated" | "cluster";
        };
        TokenResponse: {
            access_token: string;
            expires_in: number;
            /** @enum {string} */
            token_type: "bearer";
        };
        ToolTemplate: {
            bizType: string;
            editable: boolean;
            name: string;
            params: {
                [key: string]: unknown;
            };
            previewUrl: string | null;
            /** @enum {string} */
            scope: "own" | "tenant" | "public";
            templateId: string;
            updatedAt: number;
        };
        UserInfo: {
            companyName: string | null;
            createdAt: number;
            email: string | null;
            hasPassword: boolean;
            id: string;
            inviterLink: string;
            phone: string | null;
            tenant: string;
            tenantIcon: string | null;
            tenantId: string;
            tenantName: string;
            userName: string;
        };
        Webhook: {
            createdAt: number;
            events: ("task.completed" | "task.failed" | "task.stopped" | "batch.completed")[];
            url: string;
            webhookId: string;
        };
        WebhookDelivery: {
            attempts: number;
            createdAt: number;
            deliveryId: string;
            event: string;
            lastAttemptAt: number | null;
            lastError: string | null;
            lastStatus: number | null;
            nextAttemptAt: number | null;
            status: string;
        };
        WorkbenchDefaults: {
            marketDesc: string;
            /** @enum {string} */
            mktType: "product" | "brand";
            prompt: string;
        };
        WorkbenchRecord: {
            createdAt: number;
            /** @enum {string} */
            hotspotSourceType: "THEME_ARTICLE_GEN" | "HOT_ARTICLE_REWRITE" | "BACKGROUND_REPRODUCE" | "PLACARD_GEN";
            id: string;
            images: string[];
            /** @enum {string} */
            status: "running" | "done" | "failed";
            summary: string;
            title: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bizType: string;
                    items: string[][];
                    names?: string[];
                    /** @default {} */
                    params?: {
                        [key: string]: unknown;
                    };
                    preset?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: {
                            batchId: string;
                            cost: number;
                        };
                        msg: string;
                    };
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["BatchView"];
                        msg: string;
                    };
                };
            };
        };
    };
    retryBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["BatchView"];
                        msg: string;
                    };
                };
            };
        };
    };
    stopBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["BatchView"];
                        msg: string;
                    };
                };
            };
        };
    };
    batchZip: {
        parameters: {
            query: {
                preset: string;
            };
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
        };
    };
    listPresets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["BatchPreset"][];
                        msg: string;
                    };
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description A registered business type: KNOWLEDGE_TRAIN, MKT_CONTENT, MKT_CONTENT_DRAFT, MKT_IDEA_PICTURE, MKT_IDEA_REPORT, MKT_IDEA_REPORT_DRAFT, PLACARD_GEN, HOT_ARTICLE_REWRITE, HOT_PIC_REWRITE, HOT_VIDEO_REWRITE, THEME_ARTICLE_GEN, MANNEQUIN_IMAGE, MODEL_IMAGE_NEW, WIG_IMAGE, SHOES_IMAGE, PRODUCT_IMAGE, PRODUCT_REPLACE_IMAGE, MATTING_IMAGE, CUSTOMIZED_MODEL, PET_IMAGE_CUSTOMIZED, QR_CODE_ART, IMG_2_VEDIO, TRY_ON, or one a domain added */
                bizType?: string;
                pageNum?: number;
                pageSize?: number;
                status?: "pending" | "generating" | "completed" | "failed" | "stopped";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: {
                            list: components["schemas"]["TaskView"][];
                            total: number;
                        };
                        msg: string;
                    };
                };
            };
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered business type: KNOWLEDGE_TRAIN, MKT_CONTENT, MKT_CONTENT_DRAFT, MKT_IDEA_PICTURE, MKT_IDEA_REPORT, MKT_IDEA_REPORT_DRAFT, PLACARD_GEN, HOT_ARTICLE_REWRITE, HOT_PIC_REWRITE, HOT_VIDEO_REWRITE, THEME_ARTICLE_GEN, MANNEQUIN_IMAGE, MODEL_IMAGE_NEW, WIG_IMAGE, SHOES_IMAGE, PRODUCT_IMAGE, PRODUCT_REPLACE_IMAGE, MATTING_IMAGE, CUSTOMIZED_MODEL, PET_IMAGE_CUSTOMIZED, QR_CODE_ART, IMG_2_VEDIO, TRY_ON, or one a domain added */
                    bizType: string;
                    /** @default [] */
                    inputs?: string[];
                    /** @default {} */
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: {
                            cost: number;
                            /** @enum {string} */
                            status: "pending" | "generating" | "completed" | "failed" | "stopped";
                            taskId: string;
                        };
                        msg: string;
                    };
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["TaskView"];
                        msg: string;
                    };
                };
            };
        };
    };
    stopTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: components["schemas"]["TaskView"];
                        msg: string;
                    };
                };
            };
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        data: {
                            url: string;
                        };
                        msg: string;
                    };
                };
            };
        };
    };
}
